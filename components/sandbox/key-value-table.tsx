import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { inlineValue, isRecord } from "./sandbox-format";

type FlatRecord = Record<string, unknown>;

/** A list of objects whose fields are all scalars (e.g. a tool's `orders`): readable as a table. */
function isFlatRecordList(value: unknown): value is FlatRecord[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isRecord(item) && Object.values(item).every((v) => inlineValue(v) !== undefined))
  );
}

/** A value as readable text: scalars inline, flat lists of objects as a table, anything else as JSON. */
export function ValueView({ value }: { value: unknown }) {
  const inline = inlineValue(value);
  if (inline !== undefined) return <span className="break-words font-mono text-xs">{inline}</span>;
  if (isFlatRecordList(value)) {
    const columns = [...new Set(value.flatMap((item) => Object.keys(item)))];
    return (
      <MiniTable
        columns={columns.map((label) => ({ label }))}
        rows={value.map((item) =>
          columns.map((c) => (
            <span key={c} className="whitespace-nowrap">
              {inlineValue(item[c]) ?? "—"}
            </span>
          )),
        )}
      />
    );
  }
  return <JsonBlock value={value} />;
}

export function JsonBlock({ value, className }: { value: unknown; className?: string }) {
  return (
    <pre
      className={cn(
        "max-h-56 overflow-auto rounded-md bg-muted px-2 py-1.5 font-mono text-[11px] leading-4",
        className,
      )}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Key → value rows (span attributes, session variables, profile fields); big values get the full width. */
export function KeyValueTable({ rows, label }: { rows: [string, unknown][]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-[minmax(6rem,max-content)_minmax(0,1fr)] gap-x-3 rounded-md border border-border text-xs"
    >
      {rows.map(([key, value]) => {
        const block = inlineValue(value) === undefined;
        return (
          <div key={key} className="col-span-2 grid grid-cols-subgrid border-border border-b px-2 py-1 last:border-b-0">
            <dt className={cn("break-all font-mono text-muted-foreground", block && "col-span-2")}>{key}</dt>
            <dd className={cn("min-w-0", block && "col-span-2 mt-1")}>
              <ValueView value={value} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export interface MiniColumn {
  label: string;
  numeric?: boolean;
}

/** A compact table for the lists inside a span (candidates, considered rules, checks, tool calls). */
export function MiniTable({
  caption,
  columns,
  rows,
}: {
  caption?: string;
  columns: MiniColumn[];
  rows: ReactNode[][];
}) {
  return (
    <div className="space-y-1">
      {caption ? <p className="font-medium text-muted-foreground text-xs">{caption}</p> : null}
      <Table aria-label={caption} containerClassName="rounded-md" className="text-xs">
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label} numeric={column.numeric} className="h-7 px-2 text-[11px]">
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows keep the span's order and never reorder.
            <TableRow key={r}>
              {cells.map((cell, c) => (
                <TableCell
                  key={columns[c]?.label ?? c}
                  numeric={columns[c]?.numeric}
                  className="h-auto px-2 py-1 align-top text-xs"
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
