import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** The scenario form's steps or transitions: heading with the count and Add, the list's errors, then the list. */
export function ItemListSection({
  id,
  title,
  count,
  add,
  errors,
  empty,
  children,
}: {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  count: number;
  /** The Add button (designers only). */
  add: ReactNode;
  errors?: string[];
  /** Said instead of the list while it is empty: what the scenario needs. */
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id={id} className="font-medium text-sm">
          {title} <span className="font-normal text-muted-foreground">({count})</span>
        </h2>
        {add}
      </div>
      {errors ? <p className="text-destructive text-xs">{errors.join(" ")}</p> : null}
      {count === 0 ? (
        <p className="rounded-md border border-border border-dashed p-3 text-muted-foreground text-xs">{empty}</p>
      ) : (
        <ol className="space-y-1.5">{children}</ol>
      )}
    </section>
  );
}

export function AddButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
