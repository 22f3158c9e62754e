import { formatUsd } from "@/lib/text/usd";
import { shortDay } from "./dashboard-card";

// What the agent's turns cost per UTC day, with the window's total and a conversation's average above
// the bars. Each bar names its day and figure in a title, so the heights are never the only way to read it.

const W = 560;
const H = 150;
const PAD = { left: 8, right: 8, top: 8, bottom: 22 };

interface CostSeries {
  days: { day: string; usd: number; conversations: number }[];
  totalUsd: number;
  perConversationUsd: number | null;
  unpricedTurns: number;
}

export function CostByDay({ cost }: { cost: CostSeries }) {
  const top = Math.max(...cost.days.map((d) => d.usd), Number.MIN_VALUE);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, cost.days.length);
  const barW = slot * 0.7;
  // A label under every bar for two weeks; every seventh for longer windows.
  const every = cost.days.length > 14 ? 7 : 1;
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-muted-foreground text-xs">In the window</dt>
          <dd className="font-medium tabular-nums">{formatUsd(cost.totalUsd)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Per conversation</dt>
          <dd className="font-medium tabular-nums">
            {cost.perConversationUsd === null ? "—" : formatUsd(cost.perConversationUsd)}
          </dd>
        </div>
        {cost.unpricedTurns > 0 ? (
          <div>
            <dt className="text-muted-foreground text-xs">Turns without a price</dt>
            <dd className="font-medium tabular-nums">{cost.unpricedTurns.toLocaleString("en-US")}</dd>
          </div>
        ) : null}
      </dl>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Cost per day: ${cost.days.map((d) => `${d.day} ${formatUsd(d.usd)}`).join(", ")}`}
        className="h-auto w-full"
      >
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="stroke-border" />
        {cost.days.map((d, i) => {
          const h = d.usd > 0 ? Math.max(1, (d.usd / top) * plotH) : 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={PAD.top + plotH - h} width={barW} height={h} className="fill-chart-3">
                <title>{`${d.day}: ${formatUsd(d.usd)} over ${d.conversations.toLocaleString("en-US")} conversations`}</title>
              </rect>
              {i % every === 0 ? (
                <text
                  x={x + barW / 2}
                  y={H - 6}
                  textAnchor="middle"
                  className="fill-muted-foreground font-mono text-[9px]"
                >
                  {shortDay(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
