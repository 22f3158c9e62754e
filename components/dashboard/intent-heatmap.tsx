import { Mono } from "@/components/ui/mono";
import { plural } from "@/lib/text/plural";
import type { IntentHeatmap as IntentHeatmapData, IntentRow } from "@/lib/traces/dashboard-series";
import { shortDay } from "./dashboard-card";

// Intent heatmap: intent_label × UTC day. Every cell prints its number (never colour alone);
// the shade only helps the eye find the busy days. Above 55 % of the scale the number switches to the
// background colour, which keeps it readable on the dark end in both themes.

const DARK_TEXT_FROM = 0.55;

function cellStyle(n: number, max: number) {
  if (n === 0 || max === 0) return undefined;
  // 12 % for a single turn so it is visible at all, up to 85 % for the busiest cell.
  const share = 12 + (n / max) * 73;
  return { backgroundColor: `color-mix(in oklab, var(--chart-1) ${share.toFixed(0)}%, transparent)` };
}

function RowLabel({ row }: { row: IntentRow }) {
  if (row.kind === "unrouted") return <span className="text-muted-foreground italic">no scenario</span>;
  if (row.kind === "other") return <span className="text-muted-foreground">{row.intent}</span>;
  return <Mono>{row.intent}</Mono>;
}

export function IntentHeatmap({ data }: { data: IntentHeatmapData }) {
  const first = data.days[0] ?? "";
  const last = data.days[data.days.length - 1] ?? "";
  return (
    <div className="overflow-x-auto">
      <p className="text-muted-foreground text-xs">
        Columns are days of the month, <span className="font-mono">{shortDay(first)}</span> to{" "}
        <span className="font-mono">{shortDay(last)}</span>; hover a cell for its date.
      </p>
      <table
        className="w-full border-separate border-spacing-0.5 text-xs tabular-nums"
        aria-label="Turns per intent and day"
      >
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left font-medium text-muted-foreground">
              Intent
            </th>
            {data.days.map((day) => (
              <th key={day} scope="col" className="px-0.5 font-normal font-mono text-[10px] text-muted-foreground">
                <abbr title={day} className="no-underline">
                  {day.slice(8)}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-1 text-right font-medium text-muted-foreground">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={`${row.kind}:${row.intent}`} data-intent={row.intent ?? ""}>
              <th scope="row" className="max-w-44 truncate px-1 text-left font-normal">
                <RowLabel row={row} />
              </th>
              {row.cells.map((n, i) => {
                const day = data.days[i] ?? "";
                const strong = data.max > 0 && n / data.max >= DARK_TEXT_FROM;
                return (
                  <td
                    key={day}
                    title={`${row.intent ?? "no scenario"} on ${day}: ${plural(n, "turn")}`}
                    style={cellStyle(n, data.max)}
                    className={`h-6 min-w-6 rounded-sm text-center font-mono ${n === 0 ? "text-muted-foreground/40" : strong ? "text-background" : "text-foreground"}`}
                  >
                    {n === 0 ? "·" : n}
                  </td>
                );
              })}
              <td className="px-1 text-right font-mono">{row.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
