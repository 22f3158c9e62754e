import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ProfileFieldDefinitionRow, ResponseVariableDefinitionRow } from "@/db/schema";

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item}>
          <Mono>{item}</Mono>
        </li>
      ))}
    </ul>
  );
}

export function ProfileFieldsTable({ fields }: { fields: ProfileFieldDefinitionRow[] }) {
  if (fields.length === 0)
    return <EmptyState title="No profile fields" description="Profile fields come with a bundle." />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Definition</TableHead>
          <TableHead>Validation rules</TableHead>
          <TableHead>Extraction hints</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field.id}>
            <TableCell>
              <div className="font-medium">{field.displayName}</div>
              <Mono>{field.fieldName}</Mono>
            </TableCell>
            <TableCell>
              <Mono>{field.fieldType}</Mono>
            </TableCell>
            <TableCell className="max-w-xs text-xs">{field.description}</TableCell>
            <TableCell className="text-xs">
              <List items={field.validationRules} />
            </TableCell>
            <TableCell className="max-w-xs text-xs">{field.extractionHints.join(" · ") || "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ResponseVariablesTable({ variables }: { variables: ResponseVariableDefinitionRow[] }) {
  if (variables.length === 0) {
    return <EmptyState title="No response variables" description="Response variables come with a bundle." />;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Variable</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>Extraction patterns</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {variables.map((variable) => (
          <TableRow key={variable.id}>
            <TableCell>
              <Mono>{variable.name}</Mono>
            </TableCell>
            <TableCell>
              <Mono>{variable.type}</Mono>
            </TableCell>
            <TableCell className="max-w-xs text-xs">{variable.description}</TableCell>
            <TableCell className="text-xs">
              <List items={variable.patterns} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
