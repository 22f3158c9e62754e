"use client";

import type { Table as TanStackTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleColumnMeta } from "./rules-table-columns";

const metaOf = (meta: unknown): RuleColumnMeta => (meta ?? {}) as RuleColumnMeta;

// A header or cell is called as a function, not mounted as a component (flexRender's way). The
// column definitions are rebuilt on every render (they close over the pending row and the commands),
// so as component types each rebuild would remount every cell: the button or switch a keyboard user
// is on would be replaced, and focus would drop to the page. No cell uses hooks, so calling is safe.
function draw<C>(template: ReactNode | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === "function" ? template(context) : template;
}

/** The rules table drawn from its TanStack model (use-rules-table.ts): filtered, sorted rows only. */
export function RulesTable({ table, pendingKey }: { table: TanStackTable<BundleRule>; pendingKey: string | null }) {
  return (
    <Table containerClassName="max-h-[calc(100vh-15rem)]">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              // Only the primary sort column announces an order; the key tie-break is not a choice.
              const primary = table.getState().sorting[0];
              return (
                <TableHead
                  key={header.id}
                  numeric={metaOf(header.column.columnDef.meta).numeric}
                  aria-sort={primary?.id === header.column.id ? (primary.desc ? "descending" : "ascending") : undefined}
                >
                  {draw(header.column.columnDef.header, header.getContext())}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} data-testid={`rule-row-${row.id}`} aria-busy={pendingKey === row.id || undefined}>
            {row.getVisibleCells().map((cell) => {
              const meta = metaOf(cell.column.columnDef.meta);
              return (
                <TableCell key={cell.id} numeric={meta.numeric} className={meta.className}>
                  {draw(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
