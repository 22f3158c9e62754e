"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { EnabledToggle } from "@/components/config-editor/enabled-toggle";
import { NameAndKey } from "@/components/config-editor/name-and-key";
import { RowActions } from "@/components/config-editor/row-actions";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { plural } from "@/lib/text/plural";
import { compareKeys } from "./rule-filters";

interface RuleRowHandlers {
  onEdit: (rule: BundleRule) => void;
  onDuplicate: (rule: BundleRule) => void;
  onDelete: (rule: BundleRule) => void;
  onSetEnabled: (rule: BundleRule, enabled: boolean) => void;
}

export interface RuleColumnsContext {
  /** scope_ref → "Refund" or "Refund › Verify". */
  targetLabels: Record<string, string>;
  toolNames: Record<string, string>;
  /** null for a viewer: rows open read-only, no switches, no row actions. */
  handlers: RuleRowHandlers | null;
  onView: (rule: BundleRule) => void;
  /** The rule whose command is in flight; its controls wait. */
  pendingKey: string | null;
}

/** Per-column cell classes, read by the table when it draws a cell. */
export interface RuleColumnMeta {
  className?: string;
  numeric?: boolean;
}

/** A column that neither sorts nor is searched, with its cells' classes and what each shows of the rule. */
function shownColumn(
  id: string,
  header: string,
  className: string,
  show: (rule: BundleRule) => ReactNode,
): ColumnDef<BundleRule> {
  return {
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { className } satisfies RuleColumnMeta,
    cell: ({ row: { original: rule } }) => show(rule),
  };
}

/**
 * The rules table's columns. `priority` sorts (higher first by default: higher wins a conflict);
 * `rule` is keyed by the rule key, the tie-break under equal priorities and the column the search
 * filter runs on.
 */
export function ruleColumns(ctx: RuleColumnsContext): ColumnDef<BundleRule>[] {
  return [
    {
      id: "priority",
      accessorKey: "priority",
      sortDescFirst: true,
      enableGlobalFilter: false,
      meta: { numeric: true } satisfies RuleColumnMeta,
      header: ({ column }) => {
        const desc = column.getIsSorted() !== "asc";
        return (
          <button
            type="button"
            onClick={column.getToggleSortingHandler()}
            title="Higher priority wins a conflict"
            className="font-medium"
          >
            Priority {desc ? "↓" : "↑"}
          </button>
        );
      },
    },
    {
      id: "rule",
      accessorKey: "key",
      sortingFn: (a, b) => compareKeys(a.original.key, b.original.key),
      // 15rem at least: on a phone the table scrolls sideways in its box, and the rule's own text stays readable.
      meta: { className: "min-w-60 max-w-md" } satisfies RuleColumnMeta,
      header: "Rule",
      cell: ({ row: { original: rule } }) => (
        <>
          <NameAndKey name={rule.name} entityKey={rule.key} onOpen={() => ctx.onView(rule)} />
          <div className="text-muted-foreground text-xs">When: {rule.condition_text}</div>
          <div className="text-muted-foreground text-xs">Then: {rule.action_text}</div>
        </>
      ),
    },
    shownColumn("scope", "Scope", "space-y-1", (rule) => (
      <>
        <Badge variant={`scope-${rule.scope}`} />
        {rule.scope_ref ? <div className="text-xs">{ctx.targetLabels[rule.scope_ref] ?? rule.scope_ref}</div> : null}
      </>
    )),
    shownColumn("enforcement", "Enforcement", "space-y-1", (rule) => (
      <>
        {rule.is_hard_constraint ? (
          <div className="flex flex-wrap gap-1">
            <Badge variant="danger" title="Hard constraint: a reply that breaks it is never sent.">
              hard
            </Badge>
            <Badge variant={`lane-${rule.enforcement_lane}`} />
          </div>
        ) : (
          <Badge variant="neutral" title="Guidance: shapes the reply; no check blocks it.">
            guidance
          </Badge>
        )}
        {rule.enforcement_expression ? (
          <div>
            <Mono>{rule.enforcement_expression}</Mono>
          </div>
        ) : null}
      </>
    )),
    shownColumn("tools", "Tools", "text-xs", (rule) =>
      rule.attached_tools.length ? rule.attached_tools.map((key) => ctx.toolNames[key] ?? key).join(", ") : "—",
    ),
    shownColumn(
      "limits",
      "Limits",
      "whitespace-nowrap text-xs tabular-nums",
      (rule) =>
        `${rule.max_fires_per_session === null ? "∞ fires" : plural(rule.max_fires_per_session, "fire")} · cooldown ${rule.cooldown_turns}`,
    ),
    {
      id: "enabled",
      header: "Enabled",
      enableSorting: false,
      enableGlobalFilter: false,
      cell: ({ row: { original: rule } }) => (
        <EnabledToggle
          entityKey={rule.key}
          enabled={rule.enabled}
          pending={ctx.pendingKey === rule.key}
          onChange={ctx.handlers ? (enabled) => ctx.handlers?.onSetEnabled(rule, enabled) : null}
        />
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      enableGlobalFilter: false,
      meta: { className: "whitespace-nowrap text-right" } satisfies RuleColumnMeta,
      cell: ({ row: { original: rule } }) => (
        <RowActions
          entity={rule}
          name={rule.key}
          pending={ctx.pendingKey === rule.key}
          handlers={ctx.handlers}
          onView={ctx.onView}
        />
      ),
    },
  ];
}
