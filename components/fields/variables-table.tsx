"use client";

import { RowActions, type RowHandlers } from "@/components/config-editor/row-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";
import type { NameUse } from "@/lib/fields/name-uses";
import { MonoList } from "./profile-fields-table";
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
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Variable</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>Extraction patterns</TableHead>
          <TableHead>Used by</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {variables.map((variable) => {
          const pending = pendingName === variable.name;
          return (
            <TableRow
              key={variable.name}
              data-testid={`variable-row-${variable.name}`}
              aria-busy={pending || undefined}
            >
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
                <MonoList items={variable.patterns} />
              </TableCell>
              <TableCell className="max-w-xs">
                <UsedBy use={uses[variable.name]} agentKey={agentKey} rulesOnly />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <RowActions
                  entity={variable}
                  name={variable.name}
                  pending={pending}
                  handlers={handlers}
                  onView={onView}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
