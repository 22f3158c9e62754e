import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "./button";
import { FilterForm } from "./filter-form";

/**
 * A list page's row of filters (each applies as it changes), then Clear while any is set, back to the
 * page without them.
 */
export function FilterRow({
  action,
  label,
  filtered,
  clearLabel = "Clear",
  children,
}: {
  /** The page the filters apply to, and where Clear goes. */
  action: string;
  /** The form's accessible name ("Filter jobs"). */
  label: string;
  filtered: boolean;
  clearLabel?: string;
  children: ReactNode;
}) {
  return (
    <FilterForm action={action} className="flex flex-wrap items-end gap-3" aria-label={label}>
      {children}
      {filtered ? (
        <Button asChild variant="ghost">
          <Link href={action}>{clearLabel}</Link>
        </Button>
      ) : null}
    </FilterForm>
  );
}
