"use client";

import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
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
      <caption className="caption-bottom px-3 py-2 text-left text-muted-foreground text-xs">
        Under each scenario, its intent confidence for the example once the example is left out of it. Confidence: how
        sure the local sensor was of where it sent the example (a close runner-up lowers it). Runner-up: the next
        closest scenario and its intent confidence.
      </caption>
      <TableHeadings
        labels={["Example", "Its scenario", "Went to", { label: "Confidence", numeric: true }, "Runner-up"]}
      />
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
                {e.advice ? (
                  <span data-testid="routing-advice" className="mt-1 block text-warning text-xs">
                    {e.advice}
                  </span>
                ) : null}
              </TableCell>
              <TableCell>
                {names.get(e.scenario_key) ?? e.scenario_key}
                <span className="block text-muted-foreground text-xs">
                  <span className="font-mono">{confidence(e.own_confidence)}</span> without it
                </span>
              </TableCell>
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
