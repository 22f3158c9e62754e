import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { TableCell } from "@/components/ui/table";

/**
 * A definition row's first three cells: its name with a copy button (under its display name, where it
 * has one), its type, and what it means ("—" when undescribed).
 */
export function DefinitionCells({
  name,
  displayName,
  type,
  description,
}: {
  name: string;
  displayName?: string;
  type: string;
  description: string;
}) {
  return (
    <>
      <TableCell>
        {displayName ? <div className="font-medium">{displayName}</div> : null}
        <div className="flex items-center">
          <Mono className={displayName ? "text-muted-foreground text-xs" : undefined}>{name}</Mono>
          <CopyButton value={name} label={`name of ${displayName ?? name}`} />
        </div>
      </TableCell>
      <TableCell>
        <Mono>{type}</Mono>
      </TableCell>
      <TableCell className="max-w-xs text-xs">{description || "—"}</TableCell>
    </>
  );
}
