import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** A stored value as the editor showed it: lists joined, absence as an em dash. */
function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((v) => formatFieldValue(v)).join(", ");
  return JSON.stringify(value);
}

/** The field-level diff of one CONFIG_CHANGED event: field, before, after. */
export function FieldDiffTable({ diff }: { diff: Record<string, { before?: unknown; after?: unknown }> }) {
  const fields = Object.entries(diff);
  if (fields.length === 0) return <p className="text-muted-foreground text-xs">No field changed.</p>;
  return (
    <Table containerClassName="rounded-md">
      <TableHeader>
        <TableRow>
          <TableHead className="w-48">Field</TableHead>
          <TableHead>Before</TableHead>
          <TableHead>After</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map(([field, change]) => (
          <TableRow key={field}>
            <TableCell>
              <Mono className="text-xs">{field}</Mono>
            </TableCell>
            <TableCell className="max-w-sm text-xs text-muted-foreground [overflow-wrap:anywhere]">
              <span className="line-through decoration-danger/60">{formatFieldValue(change.before)}</span>
            </TableCell>
            <TableCell className="max-w-sm text-xs [overflow-wrap:anywhere]">
              {formatFieldValue(change.after)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
