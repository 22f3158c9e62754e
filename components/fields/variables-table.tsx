"use client";

import type { RowHandlers } from "@/components/config-editor/row-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell } from "@/components/ui/table";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";
import type { NameUse } from "@/lib/fields/name-uses";
import { MonoList } from "./mono-list";
import { NamedRowsTable } from "./named-rows-table";
import { UsedBy } from "./used-by";

interface VariablesTableProps {
  variables: ResponseVariable[];
  agentKey: string;
  uses: Record<string, NameUse>;
  /** null for a viewer: rows open read-only, no row actions. */
  handlers: RowHandlers<ResponseVariable> | null;
  onView: (variable: ResponseVariable) => void;
  pendingName: string | null;
}

export function VariablesTable({ variables, agentKey, uses, handlers, onView, pendingName }: VariablesTableProps) {
  return (
    <NamedRowsTable
      headings={["Variable", "Type", "Description", "Extraction", "Used by"]}
      rows={variables}
      nameOf={(variable) => variable.name}
      testIdPrefix="variable"
      pendingName={pendingName}
      handlers={handlers}
      onView={onView}
      cells={(variable) => (
        <>
          <TableCell>
            <div className="flex items-center">
              <Mono>{variable.name}</Mono>
              <CopyButton value={variable.name} label={`name of ${variable.name}`} />
            </div>
          </TableCell>
          <TableCell>
            <Mono>{variable.type}</Mono>
          </TableCell>
          <TableCell className="max-w-xs text-xs">{variable.description || "—"}</TableCell>
          <TableCell className="max-w-sm text-xs">
            {variable.type === "phrases" ? (
              <p data-testid={`variable-names-${variable.name}`} className="mb-1 [overflow-wrap:anywhere]">
                <span className="text-muted-foreground">Names: </span>
                {(variable.phrases ?? []).join(", ")}
              </p>
            ) : null}
            {variable.type === "phrases" && variable.patterns.length === 0 ? null : (
              <MonoList items={variable.patterns} />
            )}
          </TableCell>
          <TableCell className="max-w-xs">
            <UsedBy use={uses[variable.name]} agentKey={agentKey} rulesOnly />
          </TableCell>
        </>
      )}
    />
  );
}
