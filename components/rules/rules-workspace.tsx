"use client";

import { useMemo } from "react";
import { ConfigPageActions } from "@/components/config-editor/page-actions";
import { TestsGateDialog } from "@/components/config-editor/tests-gate-dialog";
import { useDeleteDialog } from "@/components/config-editor/use-delete-dialog";
import { useOpenedEditor } from "@/components/config-editor/use-opened-editor";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { plural } from "@/lib/text/plural";
import { DeleteRuleDialog } from "./delete-rule-dialog";
import { RuleEditorDrawer } from "./rule-editor-drawer";
import type { RuleFilters } from "./rule-filters";
import { RulesTable } from "./rules-table";
import { ruleColumns } from "./rules-table-columns";
import { RulesToolbar } from "./rules-toolbar";
import { useRuleCommands } from "./use-rule-commands";
import { useRuleFiltersUrl } from "./use-rule-filters-url";
import { useRulesTable } from "./use-rules-table";

/** The Rules page: filters, the table, the editor drawer with its CEL tester. */
interface RulesWorkspaceProps {
  data: RulesWorkspaceData;
  canEdit: boolean;
  /** From the URL's searchParams. */
  initialFilters: RuleFilters;
}

export function RulesWorkspace({ data, canEdit, initialFilters }: RulesWorkspaceProps) {
  const [filters, updateFilters] = useRuleFiltersUrl(initialFilters);
  const { version, onSaved, opened, open, editorProps } = useOpenedEditor("rule", data.rules, data, canEdit);
  const commands = useRuleCommands({ agentKey: data.agent.key, version, onVersion: onSaved, onDuplicated: open });
  const deletion = useDeleteDialog<BundleRule>(data.agent.key, version, commands);

  const targetLabels = useMemo(
    () => Object.fromEntries([...data.scenarios, ...data.steps.flatMap((g) => g.options)].map((t) => [t.ref, t.label])),
    [data.scenarios, data.steps],
  );
  const toolNames = useMemo(() => Object.fromEntries(data.tools.map((t) => [t.key, t.name])), [data.tools]);
  // Built every render: the cells must see the current commands and pending row, and eight column
  // objects cost nothing next to drawing the rows.
  const columns = ruleColumns({
    targetLabels,
    toolNames,
    pendingKey: commands.pendingKey,
    onView: (rule) => open(rule),
    handlers: canEdit
      ? {
          onEdit: (rule) => open(rule),
          onDuplicate: commands.duplicate,
          onDelete: deletion.ask,
          onSetEnabled: (rule, enabled) => commands.setEnabled(rule, enabled),
        }
      : null,
  });
  const table = useRulesTable(data.rules, columns, filters, (sort) => updateFilters({ sort }));
  const shown = table.getRowModel().rows.length;

  return (
    <>
      <PageHeader
        title="Rules"
        description={`${data.agent.name} · v${version} · ${plural(data.rules.length, "rule")}, flat and scoped. Every save is a new version with a ledger diff.`}
        actions={
          <ConfigPageActions agentKey={data.agent.key} newLabel="New rule" onNew={canEdit ? () => open(null) : null} />
        }
      />
      <RulesToolbar
        filters={filters}
        onFilters={updateFilters}
        targets={data}
        shown={shown}
        total={data.rules.length}
      />
      {shown === 0 ? (
        <EmptyState
          title={data.rules.length === 0 ? "No rules yet" : "No rules match"}
          description={
            data.rules.length === 0
              ? canEdit
                ? "Create the first rule with New rule, or import a bundle (npm run focal -- import <file>)."
                : "A designer creates rules here, or imports them with a bundle."
              : "Clear the filters or the search to see every rule."
          }
        />
      ) : (
        <RulesTable table={table} pendingKey={commands.pendingKey} />
      )}
      {opened ? (
        <RuleEditorDrawer key={opened.id} rule={opened.entity} loadedVersion={opened.loadedVersion} {...editorProps} />
      ) : null}
      <DeleteRuleDialog
        {...deletion.dialog}
        testsNaming={deletion.entity ? (data.testsNaming[deletion.entity.key] ?? []) : []}
      />
      <TestsGateDialog gate={commands.gate} change={commands.gateChange} saving={commands.pendingKey !== null} />
    </>
  );
}
