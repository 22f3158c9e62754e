"use client";

import { RowActions } from "@/components/config-editor/row-actions";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

export interface RuleRowHandlers {
  onEdit: (rule: BundleRule) => void;
  onDuplicate: (rule: BundleRule) => void;
  onDelete: (rule: BundleRule) => void;
  onSetEnabled: (rule: BundleRule, enabled: boolean) => void;
}

interface RulesTableProps {
  rules: BundleRule[];
  /** scope_ref → "Refund" or "Refund › Verify". */
  targetLabels: Record<string, string>;
  toolNames: Record<string, string>;
  sort: "desc" | "asc";
  onToggleSort: () => void;
  /** null for a viewer: rows open read-only, no switches, no row actions. */
  handlers: RuleRowHandlers | null;
  onView: (rule: BundleRule) => void;
  /** The rule whose command is in flight; its controls wait. */
  pendingKey: string | null;
}

export function RulesTable({
  rules,
  targetLabels,
  toolNames,
  sort,
  onToggleSort,
  handlers,
  onView,
  pendingKey,
}: RulesTableProps) {
  return (
    <Table containerClassName="max-h-[calc(100vh-15rem)]">
      <TableHeader>
        <TableRow>
          <TableHead numeric aria-sort={sort === "desc" ? "descending" : "ascending"}>
            <button
              type="button"
              onClick={onToggleSort}
              title="Higher priority wins a conflict"
              className="font-medium"
            >
              Priority {sort === "desc" ? "↓" : "↑"}
            </button>
          </TableHead>
          <TableHead>Rule</TableHead>
          <TableHead>Scope</TableHead>
          <TableHead>Enforcement</TableHead>
          <TableHead>Tools</TableHead>
          <TableHead>Limits</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.map((rule) => {
          const pending = pendingKey === rule.key;
          return (
            <TableRow key={rule.key} data-testid={`rule-row-${rule.key}`} aria-busy={pending || undefined}>
              <TableCell numeric>{rule.priority}</TableCell>
              <TableCell className="max-w-md">
                <div className="font-medium">{rule.name}</div>
                <div className="flex items-center">
                  <Mono className="text-muted-foreground text-xs">{rule.key}</Mono>
                  <CopyButton value={rule.key} label={`key of ${rule.name}`} />
                </div>
                <div className="text-muted-foreground text-xs">When: {rule.condition_text}</div>
                <div className="text-muted-foreground text-xs">Then: {rule.action_text}</div>
              </TableCell>
              <TableCell className="space-y-1">
                <Badge variant={`scope-${rule.scope}`} />
                {rule.scope_ref ? (
                  <div className="text-xs">{targetLabels[rule.scope_ref] ?? rule.scope_ref}</div>
                ) : null}
              </TableCell>
              <TableCell className="space-y-1">
                {rule.is_hard_constraint ? (
                  <div className="flex flex-wrap gap-1">
                    <Badge variant="danger">hard</Badge>
                    <Badge variant={`lane-${rule.enforcement_lane}`}>
                      {rule.enforcement_lane === "deterministic" ? "lane 1 · CEL" : "lane 2 · judge"}
                    </Badge>
                  </div>
                ) : (
                  <Badge variant="neutral">guidance</Badge>
                )}
                {rule.enforcement_expression ? (
                  <div>
                    <Mono>{rule.enforcement_expression}</Mono>
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="text-xs">
                {rule.attached_tools.length ? rule.attached_tools.map((key) => toolNames[key] ?? key).join(", ") : "—"}
              </TableCell>
              <TableCell className="whitespace-nowrap text-xs tabular-nums">
                {rule.max_fires_per_session ?? "∞"} fires · cooldown {rule.cooldown_turns}
              </TableCell>
              <TableCell>
                {handlers ? (
                  <Switch
                    checked={rule.enabled}
                    disabled={pending}
                    aria-label={`Enabled: ${rule.key}`}
                    onCheckedChange={(enabled) => handlers.onSetEnabled(rule, enabled)}
                  />
                ) : (
                  <Badge variant={rule.enabled ? "success" : "neutral"}>{rule.enabled ? "on" : "off"}</Badge>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <RowActions entity={rule} name={rule.key} pending={pending} handlers={handlers} onView={onView} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
