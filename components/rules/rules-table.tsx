"use client";

import { flexRender, type Table as TanStackTable } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleColumnMeta } from "./rules-table-columns";

const metaOf = (meta: unknown): RuleColumnMeta => (meta ?? {}) as RuleColumnMeta;

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
                  {flexRender(header.column.columnDef.header, header.getContext())}
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
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
