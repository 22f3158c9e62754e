"use client";

import Link from "next/link";
import { EnabledToggle } from "@/components/config-editor/enabled-toggle";
import { RowActions } from "@/components/config-editor/row-actions";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import { checkScenarioGraph } from "@/lib/scenarios/scenario-graph-checks";
import { plural } from "@/lib/text/plural";

interface ScenarioRowHandlers {
  onDuplicate: (scenario: BundleScenario) => void;
  onDelete: (scenario: BundleScenario) => void;
  onSetEnabled: (scenario: BundleScenario, enabled: boolean) => void;
}

interface ScenariosListProps {
  agentKey: string;
  scenarios: BundleScenario[];
  /** Rule keys by scope_ref ("refund", "refund/verify"). */
  ruleScopes: Record<string, string[]>;
  /** null for a viewer: rows open read-only, no switches, no row actions. */
  handlers: ScenarioRowHandlers | null;
  /** The scenario whose command is in flight; its controls wait. */
  pendingKey: string | null;
}

/** Rules scoped to the scenario or to any of its steps. */
export function rulesScopedTo(scenario: BundleScenario, ruleScopes: Record<string, string[]>): string[] {
  return Object.entries(ruleScopes).flatMap(([scope, rules]) =>
    scope === scenario.key || scope.startsWith(`${scenario.key}/`) ? rules : [],
  );
}

export function ScenariosList({ agentKey, scenarios, ruleScopes, handlers, pendingKey }: ScenariosListProps) {
  return (
    <Table containerClassName="max-h-[calc(100vh-12rem)]">
      <TableHeadings
        labels={["Scenario", "Intent label", { label: "Steps", numeric: true }, "Entry step", "Checks", "Enabled"]}
        actions
      />
      <TableBody>
        {scenarios.map((scenario) => {
          const pending = pendingKey === scenario.key;
          const href = `/agents/${agentKey}/scenarios/${scenario.key}`;
          const entry = scenario.steps.find((s) => s.key === scenario.entry_step);
          const checks = checkScenarioGraph(scenario);
          const warnings = checks.filter((c) => c.severity === "warning").length;
          const errors = checks.length - warnings;
          const rules = rulesScopedTo(scenario, ruleScopes);
          return (
            <TableRow key={scenario.key} data-testid={`scenario-row-${scenario.key}`} aria-busy={pending || undefined}>
              <TableCell className="max-w-sm">
                <Link href={href} className="font-medium underline-offset-4 hover:underline">
                  {scenario.name}
                </Link>
                <div>
                  <Mono className="text-muted-foreground text-xs">{scenario.key}</Mono>
                </div>
                {scenario.description ? (
                  <div className="line-clamp-2 text-muted-foreground text-xs">{scenario.description}</div>
                ) : null}
              </TableCell>
              <TableCell>
                {scenario.intent_label ? <Mono className="text-xs">{scenario.intent_label}</Mono> : "—"}
              </TableCell>
              <TableCell numeric>
                {scenario.steps.length}
                <div className="text-muted-foreground text-xs">{plural(scenario.transitions.length, "transition")}</div>
              </TableCell>
              <TableCell className="text-xs">
                {entry ? (
                  <Link href={`${href}?step=${entry.key}`} className="underline-offset-4 hover:underline">
                    {entry.name}
                  </Link>
                ) : (
                  <Mono>{scenario.entry_step}</Mono>
                )}
              </TableCell>
              <TableCell className="space-x-1 whitespace-nowrap">
                {errors > 0 ? <Badge variant="danger">{plural(errors, "error")}</Badge> : null}
                {warnings > 0 ? <Badge variant="warning">{plural(warnings, "warning")}</Badge> : null}
                {checks.length === 0 ? <Badge variant="success">ok</Badge> : null}
                {rules.length > 0 ? (
                  <Badge variant="neutral" title={`Scope of ${rules.join(", ")}`}>
                    {plural(rules.length, "rule")}
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell>
                <EnabledToggle
                  entityKey={scenario.key}
                  enabled={scenario.enabled}
                  pending={pending}
                  onChange={handlers ? (enabled) => handlers.onSetEnabled(scenario, enabled) : null}
                />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <RowActions entity={scenario} name={scenario.key} pending={pending} handlers={handlers} href={href} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
