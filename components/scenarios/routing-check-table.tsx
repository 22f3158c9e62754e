"use client";

import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RoutingCheckExample, RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";

// The confusion table of a routing check: one row per entry example, flagged rows first and tinted,
// each with the plain-words reason under the example.

function wentTo(example: RoutingCheckExample, names: Map<string, string>): string {
  switch (example.outcome) {
    case "own":
    case "other":
      return names.get(example.routed_to ?? "") ?? example.routed_to ?? "";
    case "ambiguous":
      return "A clarifying question";
    case "exit":
      return "Exit (stops the conversation)";
    default:
      return "No scenario";
  }
}

const confidence = (x: number) => x.toFixed(2);

export function RoutingCheckTable({ report }: { report: RoutingCheckReport }) {
  const names = new Map(report.scenarios.map((s) => [s.scenario_key, s.name]));
  // Flagged first; otherwise the server's order (by scenario, then as authored).
  const rows = [...report.examples].sort((a, b) => Number(b.problem !== null) - Number(a.problem !== null));
  return (
    <Table data-testid="routing-check-table" containerClassName="max-h-[calc(100vh-12rem)]">
      <caption className="sr-only">
        Each entry example, its scenario, where the local sensor sent it and how sure it was
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead>Example</TableHead>
          <TableHead>Its scenario</TableHead>
          <TableHead>Went to</TableHead>
          <TableHead numeric>Confidence</TableHead>
          <TableHead>Runner-up</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((e) => {
          const flagged = e.problem !== null;
          return (
            <TableRow
              key={`${e.scenario_key}\u0000${e.example}`}
              data-flagged={flagged || undefined}
              className={flagged ? "bg-warning-bg/60 hover:bg-warning-bg" : undefined}
            >
              <TableCell className="max-w-md whitespace-normal">
                <span>{e.example}</span>
                {e.advice ? <span className="mt-1 block text-warning text-xs">{e.advice}</span> : null}
              </TableCell>
              <TableCell>{names.get(e.scenario_key) ?? e.scenario_key}</TableCell>
              <TableCell>
                <span className="inline-flex items-center gap-1.5">
                  {wentTo(e, names)}
                  {e.outcome === "own" ? (
                    <Badge variant="success">home</Badge>
                  ) : (
                    <Badge variant="warning">missed</Badge>
                  )}
                </span>
              </TableCell>
              <TableCell numeric>{confidence(e.confidence)}</TableCell>
              <TableCell className="text-muted-foreground">
                {e.runner_up
                  ? `${names.get(e.runner_up.scenario_key) ?? e.runner_up.scenario_key} ${confidence(e.runner_up.confidence)}`
                  : "—"}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
