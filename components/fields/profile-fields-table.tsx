"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell } from "@/components/ui/table";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import { MonoList } from "./mono-list";
import { type DefinitionsTableProps, NamedRowsTable } from "./named-rows-table";
import { UsedBy } from "./used-by";

/** The profile fields: display name and name, type, definition, validation rules, extraction hints and the rules that read them. */
export function ProfileFieldsTable({ agentKey, uses, ...table }: DefinitionsTableProps<ProfileField>) {
  return (
    <NamedRowsTable
      {...table}
      headings={["Field", "Type", "Definition", "Validation rules", "Extraction hints", "Used by"]}
      nameOf={(field) => field.field_name}
      testIdPrefix="field"
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
