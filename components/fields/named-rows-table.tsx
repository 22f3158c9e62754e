"use client";

import type { ReactNode } from "react";
import { RowActions, type RowHandlers } from "@/components/config-editor/row-actions";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { NameUse } from "@/lib/fields/name-uses";

/** What the Fields & Variables page hands a table of its definitions. */
export interface DefinitionsTableProps<T> {
  rows: T[];
  agentKey: string;
  /** Where each name is used, for the Used by column. */
  uses: Record<string, NameUse>;
  pendingName: string | null;
  /** null for a viewer: rows open read-only, no row actions. */
  handlers: RowHandlers<T> | null;
  onView: (row: T) => void;
}

interface NamedRowsTableProps<T> extends Omit<DefinitionsTableProps<T>, "agentKey" | "uses"> {
  /** The column headings before the actions column. */
  headings: string[];
  /** The row's name: its React key, its test id and its buttons' accessible names. */
  nameOf: (row: T) => string;
  /** "field" gives rows the test id field-row-<name>. */
  testIdPrefix: string;
  /** The row's cells, one a heading. */
  cells: (row: T) => ReactNode;
}

/** A table of named definitions (profile fields, response variables) with each row's actions last. */
export function NamedRowsTable<T>({
  headings,
  rows,
  nameOf,
  testIdPrefix,
  pendingName,
  handlers,
  onView,
  cells,
}: NamedRowsTableProps<T>) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {headings.map((heading) => (
            <TableHead key={heading}>{heading}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const name = nameOf(row);
          const pending = pendingName === name;
          return (
            <TableRow key={name} data-testid={`${testIdPrefix}-row-${name}`} aria-busy={pending || undefined}>
              {cells(row)}
              <TableCell className="whitespace-nowrap text-right">
                <RowActions entity={row} name={name} pending={pending} handlers={handlers} onView={onView} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
