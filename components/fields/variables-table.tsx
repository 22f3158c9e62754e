"use client";
import { TableCell } from "@/components/ui/table";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";
import { DefinitionCells } from "./definition-cells";
import { MonoList } from "./mono-list";
import { type DefinitionsTableProps, NamedRowsTable } from "./named-rows-table";
import { UsedBy } from "./used-by";

/** The response variables: name, type, description, what extracts them (names, patterns) and the rules that read them. */
export function VariablesTable({ agentKey, uses, ...table }: DefinitionsTableProps<ResponseVariable>) {
  return (
    <NamedRowsTable
      {...table}
      headings={["Variable", "Type", "Description", "Extraction", "Used by"]}
      nameOf={(variable) => variable.name}
      testIdPrefix="variable"
      cells={(variable) => (
        <>
          <DefinitionCells name={variable.name} type={variable.type} description={variable.description} />
          <TableCell className="max-w-sm text-xs">
            {variable.type === "phrases" ? (
              <p data-testid={`variable-names-${variable.name}`} className="mb-1 [overflow-wrap:anywhere]">
                <span className="text-muted-foreground">Names: </span>
                {(variable.phrases ?? []).join(", ")}
              </p>
            ) : null}
            {variable.type === "phrases" && variable.patterns.length === 0 ? null : (
              <MonoList items={variable.patterns} />
            )}
          </TableCell>
          <TableCell className="max-w-xs">
            <UsedBy use={uses[variable.name]} agentKey={agentKey} rulesOnly />
          </TableCell>
        </>
      )}
    />
  );
}
