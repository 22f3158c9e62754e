"use client";
import { TableCell } from "@/components/ui/table";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import { DefinitionCells } from "./definition-cells";
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
          <DefinitionCells
            name={field.field_name}
            displayName={field.display_name}
            type={field.field_type}
            description={field.description}
          />
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
