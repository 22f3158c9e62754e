"use client";

import type { RowHandlers } from "@/components/config-editor/row-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell } from "@/components/ui/table";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import type { NameUse } from "@/lib/fields/name-uses";
import { MonoList } from "./mono-list";
import { NamedRowsTable } from "./named-rows-table";
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
    <NamedRowsTable
      headings={["Field", "Type", "Definition", "Validation rules", "Extraction hints", "Used by"]}
      rows={fields}
      nameOf={(field) => field.field_name}
      testIdPrefix="field"
      pendingName={pendingName}
      handlers={handlers}
      onView={onView}
      cells={(field) => (
        <>
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
        </>
      )}
    />
  );
}
