import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { ComparisonArm, ComparisonBody } from "@/lib/environments/environment-schemas";
import { formatUsd } from "@/lib/text/usd";

type Rate = { rate: number; low: number; high: number; of: number } | null;

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

function RateCell({ rate }: { rate: Rate }) {
  if (!rate) return <TableCell numeric>—</TableCell>;
  return (
    <TableCell numeric>
      {rate.of === 0 ? "—" : pct(rate.rate)}
      {rate.of > 0 ? (
        <span className="block text-muted-foreground text-xs">
          {pct(rate.low)}–{pct(rate.high)}
        </span>
      ) : null}
    </TableCell>
  );
}

/** A conversation's mean cost, its 95 % interval under it. */
function CostCell({ cost }: { cost: ComparisonArm["cost_per_conversation"] }) {
  if (!cost) return <TableCell numeric>—</TableCell>;
  return (
    <TableCell numeric>
      {formatUsd(cost.mean_usd)}
      <span className="block text-muted-foreground text-xs">
        {formatUsd(cost.low_usd)}–{formatUsd(cost.high_usd)}
      </span>
    </TableCell>
  );
}

const HEADINGS = [
  "Version",
  { label: "Share", numeric: true },
  { label: "Sessions", numeric: true },
  { label: "Turns", numeric: true },
  { label: "Handoff", numeric: true },
  { label: "Blocked", numeric: true },
  { label: "Fallback", numeric: true },
  { label: "Resolved", numeric: true },
  { label: "Calls/turn", numeric: true },
  { label: "p95 ms", numeric: true },
  { label: "Cost/conversation", numeric: true },
];

/** The split's arms side by side (95 % intervals under each rate), then what differs from the baseline. */
export function SplitComparisonTable({ comparison }: { comparison: ComparisonBody }) {
  const worth = comparison.differences.filter((d) => d.verdict !== "no_difference" || d.metric !== "resolution");
  return (
    <div className="space-y-2" data-testid={`comparison-${comparison.environment}`}>
      <Table>
        <TableHeadings labels={HEADINGS} />
        <TableBody>
          {comparison.arms.map((arm) => (
            <TableRow key={arm.config_version}>
              <TableCell>
                <span className="font-mono">v{arm.config_version}</span>
                {arm.config_version === comparison.baseline_version ? (
                  <Badge variant="neutral" className="ml-2">
                    baseline
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell numeric>{arm.percent} %</TableCell>
              <TableCell numeric>{arm.sessions.toLocaleString("en-US")}</TableCell>
              <TableCell numeric>{arm.turns.toLocaleString("en-US")}</TableCell>
              <RateCell rate={arm.handoff} />
              <RateCell rate={arm.blocked} />
              <RateCell rate={arm.fallback} />
              <RateCell rate={arm.resolution} />
              <TableCell numeric>{arm.model_calls_per_turn ?? "—"}</TableCell>
              <TableCell numeric>{arm.p95_latency_ms ?? "—"}</TableCell>
              <CostCell cost={arm.cost_per_conversation} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {worth.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {worth.map((difference) => (
            <li key={`${difference.config_version}-${difference.metric}`}>
              <span className="font-mono">v{difference.config_version}</span> {difference.metric}:{" "}
              <span className={difference.verdict === "clear" ? "font-medium" : "text-muted-foreground"}>
                {difference.words}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
