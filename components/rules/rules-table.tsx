import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RuleRow } from "@/db/schema";

interface RulesTableProps {
  rules: RuleRow[];
  /** scenario/step id → "Refund" or "Refund › Verify". */
  scopeNames: Record<string, string>;
  toolNames: Record<string, string>;
}

export function RulesTable({ rules, scopeNames, toolNames }: RulesTableProps) {
  if (rules.length === 0) {
    return (
      <EmptyState
        title="No rules yet"
        description="Rules come with an imported bundle for now (npm run focal -- import <file>); the rule editor arrives with the design studio."
      />
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="text-right" title="Higher wins a conflict">
            Priority ↓
          </TableHead>
          <TableHead>Rule</TableHead>
          <TableHead>Scope</TableHead>
          <TableHead>Enforcement</TableHead>
          <TableHead>Tools</TableHead>
          <TableHead>Limits</TableHead>
          <TableHead>Enabled</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.map((rule) => (
          <TableRow key={rule.id}>
            <TableCell className="text-right tabular-nums">{rule.priority}</TableCell>
            <TableCell className="max-w-md">
              <div className="font-medium">{rule.name}</div>
              <div className="text-xs text-muted-foreground">When: {rule.conditionText}</div>
              <div className="text-xs text-muted-foreground">Then: {rule.actionText}</div>
            </TableCell>
            <TableCell className="space-y-1">
              <Badge variant={`scope-${rule.scope}`}>{rule.scope}</Badge>
              {rule.scopeId ? <div className="text-xs">{scopeNames[rule.scopeId] ?? "unknown target"}</div> : null}
            </TableCell>
            <TableCell className="space-y-1">
              {rule.isHardConstraint ? (
                <>
                  <Badge variant="danger">hard</Badge>{" "}
                  <Badge variant={`lane-${rule.enforcementLane}`}>
                    {rule.enforcementLane === "deterministic" ? "lane 1 · CEL" : "lane 2 · judge"}
                  </Badge>
                </>
              ) : (
                <Badge variant="neutral">guidance</Badge>
              )}
              {rule.enforcementExpression ? (
                <div>
                  <Mono>{rule.enforcementExpression}</Mono>
                </div>
              ) : null}
            </TableCell>
            <TableCell className="text-xs">
              {rule.attachedToolIds.length ? rule.attachedToolIds.map((id) => toolNames[id] ?? id).join(", ") : "—"}
            </TableCell>
            <TableCell className="text-xs tabular-nums">
              {rule.maxFiresPerSession === null ? "∞" : rule.maxFiresPerSession} fires · cooldown {rule.cooldownTurns}
            </TableCell>
            <TableCell>
              {rule.enabled ? <Badge variant="success">on</Badge> : <Badge variant="neutral">off</Badge>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
