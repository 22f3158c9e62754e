import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import type { OutcomeDay } from "@/lib/traces/dashboard-series";
import { niceCeiling, shortDay } from "./dashboard-card";

// Stacked bars, one per UTC day, outcomes in the same order as the legend (answered at the bottom).
// Colour is never alone: the legend names each colour with its total, every segment has a tooltip,
// and "Numbers" opens the same data as a table.

const FILL = {
  answered: "fill-outcome-answered",
  clarified: "fill-outcome-clarified",
  regenerated: "fill-outcome-regenerated",
  fallback: "fill-outcome-fallback",
  escalated: "fill-outcome-escalated",
  error: "fill-outcome-error",
  handoff: "fill-outcome-escalated",
  queued_for_human: "fill-muted-foreground",
  awaiting_approval: "fill-muted-foreground",
  refused_input: "fill-outcome-fallback",
  abstained: "fill-outcome-clarified",
} as const;

const W = 640;
const H = 190;
const PAD = { left: 36, right: 6, top: 8, bottom: 20 };

export function OutcomesChart({ days }: { days: OutcomeDay[] }) {
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.total)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.7);
  // Label every day up to 14, then every 5th: 30 labels of 5 characters would overlap at 640 units.
  const labelEvery = days.length <= 14 ? 1 : 5;
  const totals = TURN_OUTCOMES.map((o) => ({ outcome: o, n: days.reduce((sum, d) => sum + d.counts[o], 0) }));
  const y = (n: number) => PAD.top + plotH - (n / top) * plotH;
  return (
    <div className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Turns per day by outcome. ${totals.map((t) => `${t.outcome} ${t.n}`).join(", ")}`}
        className="h-auto w-full"
      >
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-border" />
            <text x={PAD.left - 4} y={y(tick) + 3} textAnchor="end" className="fill-muted-foreground text-[10px]">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g key={day.day} data-day={day.day}>
              {TURN_OUTCOMES.filter((o) => day.counts[o] > 0).map((outcome) => {
                const n = day.counts[outcome];
                const rect = (
                  <rect
                    key={outcome}
                    x={x}
                    y={y(base + n)}
                    width={barW}
                    height={y(base) - y(base + n)}
                    className={FILL[outcome]}
                  >
                    <title>{`${day.day}: ${n} ${outcome} of ${day.total}`}</title>
                  </rect>
                );
                base += n;
                return rect;
              })}
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                  {shortDay(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Outcome totals">
        {totals.map((t) => (
          <li key={t.outcome} className="inline-flex items-center gap-1">
            <Badge variant={`outcome-${t.outcome}`} />
            <span className="font-mono tabular-nums">{t.n}</span>
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-muted-foreground text-xs">Numbers</summary>
        <Table aria-label="Turns per day by outcome" className="text-xs">
          <TableHeader>
            <TableRow>
              <TableHead>Day (UTC)</TableHead>
              {TURN_OUTCOMES.map((o) => (
                <TableHead key={o} numeric>
                  {o}
                </TableHead>
              ))}
              <TableHead numeric>total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.day}>
                <TableCell className="font-mono">{day.day}</TableCell>
                {TURN_OUTCOMES.map((o) => (
                  <TableCell key={o} numeric>
                    {day.counts[o]}
                  </TableCell>
                ))}
                <TableCell numeric>{day.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </div>
  );
}
