import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";

export interface Column<Row> {
  label: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface ColumnTableProps<Row> {
  rows: Row[];
  columns: Column<Row>[];
  /** The row's React key and its test id. */
  rowKey: (row: Row) => string;
  testId: (row: Row) => string;
  /** The row's buttons, in the last column (named “Actions” for screen readers). */
  actions: (row: Row) => ReactNode;
  /** A row's action is running: the table says it is busy. */
  pending: boolean;
}

/** A table described by its columns, each row ending with its buttons. */
export function ColumnTable<Row>({ rows, columns, rowKey, testId, actions, pending }: ColumnTableProps<Row>) {
  return (
    <Table aria-busy={pending}>
      <TableHeadings labels={columns.map((column) => column.label)} actions />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={testId(row)}>
            {columns.map((column) => (
              <TableCell key={column.label} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
            <TableCell className="text-right">{actions(row)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
