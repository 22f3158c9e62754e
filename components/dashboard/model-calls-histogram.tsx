import { plural } from "@/lib/text/plural";
import { niceCeiling } from "./dashboard-card";

// Turns by the model calls they made: 1 is a plain reply, each judge or regeneration adds one. The
// count sits on top of each bar, so the heights are never the only way to read it.

// Wide and short: the card spans half the page, and 11 bars need no height to be read.
const W = 560;
const H = 170;
const PAD = { left: 8, right: 8, top: 16, bottom: 30 };

export function ModelCallsHistogram({ buckets }: { buckets: { calls: number; label: string; n: number }[] }) {
  const top = niceCeiling(Math.max(0, ...buckets.map((b) => b.n)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, buckets.length);
  const barW = slot * 0.72;
  const total = buckets.reduce((sum, b) => sum + b.n, 0);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Turns by model calls: ${buckets.map((b) => `${b.label} calls ${b.n}`).join(", ")}`}
      className="h-auto w-full"
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="stroke-border" />
      {buckets.map((b, i) => {
        const h = (b.n / top) * plotH;
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const share = total > 0 ? Math.round((b.n / total) * 100) : 0;
        return (
          <g key={b.calls} data-calls={b.label}>
            <rect x={x} y={PAD.top + plotH - h} width={barW} height={h} className="fill-chart-2">
              <title>{`${b.label} model calls: ${plural(b.n, "turn")} (${share} %)`}</title>
            </rect>
            {b.n > 0 ? (
              <text
                x={x + barW / 2}
                y={PAD.top + plotH - h - 3}
                textAnchor="middle"
                className="fill-foreground font-mono text-[9px]"
              >
                {b.n}
              </text>
            ) : null}
            <text
              x={x + barW / 2}
              y={H - 16}
              textAnchor="middle"
              className="fill-muted-foreground font-mono text-[10px]"
            >
              {b.label}
            </text>
          </g>
        );
      })}
      <text x={W / 2} y={H - 3} textAnchor="middle" className="fill-muted-foreground text-[10px]">
        model calls per turn
      </text>
    </svg>
  );
}
