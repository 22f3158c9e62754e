import Link from "next/link";
import { formatUtc } from "@/components/sandbox/sandbox-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { Stat } from "@/components/ui/stat";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { continuityReason } from "@/lib/turns/continuity-reason";
import type { RolloutCheck, RolloutMetrics } from "@/lib/turns/rollout-metrics";

export const WINDOWS = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 } as const;
export type WindowKey = keyof typeof WINDOWS;

interface RolloutPanelProps {
  agent: { key: string; name: string };
  windowKey: WindowKey;
  range: { from: string; to: string; baselineFrom: string };
  window: RolloutMetrics;
  baseline: RolloutMetrics;
  checks: RolloutCheck[];
  flagOn: boolean;
  agentEnabled: boolean;
}

function fmt(value: number | null, unit: string): string {
  if (value === null) return "—";
  if (unit === "ms") return `${Math.round(value)} ms`;
  return `${(value * 100).toFixed(2)} %`;
}

/**
 * The four continuity rollback metrics (docs/continuity.md#telemetry-and-rollout) of a window
 * against the window before it.
 */
export function RolloutPanel({
  agent,
  windowKey,
  range,
  window,
  baseline,
  checks,
  flagOn,
  agentEnabled,
}: RolloutPanelProps) {
  const crossed = checks.filter((c) => c.crossed);
  return (
    <>
      <PageHeader
        title="Continuity rollout"
        description={`${agent.name} · is continuity (resolving “the second one” against offered options) making turns worse? The last ${windowKey} against the ${windowKey} before, with the thresholds that call for turning it off`}
        breadcrumb={<Link href={`/agents/${agent.key}`}>{agent.name}</Link>}
      />
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the window">
        <div className="space-y-1">
          <Label htmlFor="window">Window</Label>
          <NativeSelect id="window" name="window" defaultValue={windowKey} className="w-32">
            <ValueOptions values={Object.keys(WINDOWS)} label={(k) => `last ${k}`} />
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {/* Under the controls on a phone: beside them the three times wrap mid-date. */}
        <span className="text-xs text-muted-foreground max-sm:basis-full">
          window <Mono>{formatUtc(range.from)}</Mono> → <Mono>{formatUtc(range.to)}</Mono>; baseline from{" "}
          <Mono>{formatUtc(range.baselineFrom)}</Mono>
        </span>
      </form>
      <div className="flex flex-wrap gap-2 text-sm">
        <Badge variant={flagOn && agentEnabled ? "success" : "neutral"}>
          continuity {flagOn && agentEnabled ? "on" : "off"} for new sessions
        </Badge>
        <span className="text-muted-foreground text-xs">
          {continuityReason(flagOn, agentEnabled)} A sandbox or API session may turn it on or off for itself.
        </span>
      </div>
      {crossed.length ? (
        <Alert variant="danger" title={`${crossed.length} threshold(s) crossed`}>
          {crossed.map((c) => `${c.metric}: ${c.action}`).join(" · ")}. Turn continuity off for this agent (Settings →
          Continuity → Resolve follow-ups) and review the turns in Traces.
        </Alert>
      ) : (
        <Alert variant="success" title="No threshold crossed">
          The window stays within every rollback threshold.
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Turns in window" value={window.turns} hint={`baseline ${baseline.turns}`} />
        <Stat label="Continuity resolves" value={window.resolved} hint={`baseline ${baseline.resolved}`} />
      </div>
      <Table>
        <TableHeadings
          labels={[
            "Metric",
            { label: "Window", numeric: true },
            { label: "Baseline", numeric: true },
            { label: "Change", numeric: true },
            { label: "Threshold", numeric: true },
            "Status",
          ]}
        />
        <TableBody>
          {checks.map((c) => (
            <TableRow key={c.metric} data-testid="rollout-metric">
              <TableCell>{c.metric}</TableCell>
              <TableCell numeric>{fmt(c.window, c.unit)}</TableCell>
              <TableCell numeric>{fmt(c.baseline, c.unit)}</TableCell>
              <TableCell numeric>
                {c.change === null
                  ? "—"
                  : c.unit === "ms"
                    ? `${Math.round(c.change)} ms`
                    : `${(c.change * 100).toFixed(2)} %`}
              </TableCell>
              <TableCell numeric>
                {c.unit === "ms"
                  ? `> ${c.threshold} ms`
                  : `> ${(c.threshold * 100).toFixed(1)} % ${c.unit === "relative" ? "relative" : c.unit === "absolute" ? "abs." : ""}`}
              </TableCell>
              <TableCell>
                {c.crossed ? (
                  <Badge variant="danger">crossed: {c.action}</Badge>
                ) : (
                  <Badge variant="success">within</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
