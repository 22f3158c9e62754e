"use client";

import { RowActions, type RowHandlers } from "@/components/config-editor/row-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import type { NameUse } from "@/lib/fields/name-uses";
import { UsedBy } from "./used-by";

interface ProfileFieldsTableProps {
  fields: ProfileField[];
  agentKey: string;
  uses: Record<string, NameUse>;
  /** null for a viewer: rows open read-only, no row actions. */
  handlers: RowHandlers<ProfileField> | null;
  onView: (field: ProfileField) => void;
  pendingName: string | null;
}

export function ProfileFieldsTable({ fields, agentKey, uses, handlers, onView, pendingName }: ProfileFieldsTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Definition</TableHead>
          <TableHead>Validation rules</TableHead>
          <TableHead>Extraction hints</TableHead>
          <TableHead>Used by</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((field) => {
          const pending = pendingName === field.field_name;
          return (
            <TableRow
              key={field.field_name}
              data-testid={`field-row-${field.field_name}`}
              aria-busy={pending || undefined}
            >
              <TableCell>
                <div className="font-medium">{field.display_name}</div>
                <div className="flex items-center">
                  <Mono className="text-muted-foreground text-xs">{field.field_name}</Mono>
                  <CopyButton value={field.field_name} label={`name of ${field.display_name}`} />
                </div>
              </TableCell>
              <TableCell>
                <Mono>{field.field_type}</Mono>
              </TableCell>
              <TableCell className="max-w-xs text-xs">{field.description || "—"}</TableCell>
              <TableCell className="max-w-xs text-xs">
                <MonoList items={field.validation_rules} />
              </TableCell>
              <TableCell className="max-w-xs text-xs">{field.extraction_hints.join(" · ") || "—"}</TableCell>
              <TableCell className="max-w-xs">
                <UsedBy use={uses[field.field_name]} agentKey={agentKey} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <RowActions
                  entity={field}
                  name={field.field_name}
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

export function MonoList({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item} className="[overflow-wrap:anywhere]">
          <Mono>{item}</Mono>
        </li>
      ))}
    </ul>
  );
}
