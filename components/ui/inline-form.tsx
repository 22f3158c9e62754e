import type { ComponentProps, ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { cn } from "./cn";

// Literal class names, so Tailwind finds them: one grid column a field, the last for the button.
const GRID = { 4: "md:grid-cols-4", 5: "md:grid-cols-5" } as const;
const FULL_ROW = { 4: "md:col-span-4", 5: "md:col-span-5" } as const;

interface InlineFormProps extends Omit<ComponentProps<"form">, "aria-label" | "className"> {
  /** The form's accessible name. */
  label: string;
  /** Its fields and the submit button, side by side from 768 px up. */
  columns: keyof typeof GRID;
  /** The refusal's message, across the whole row above the fields. */
  message?: string;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A form on one row of a page (not in a dialog): the refusal above, the fields, then its button. */
export function InlineForm({
  label,
  columns,
  message,
  submitLabel,
  pending,
  submitDisabled,
  children,
  ...form
}: InlineFormProps) {
  return (
    <form {...form} className={cn("grid grid-cols-1 gap-3 md:items-start", GRID[columns])} aria-label={label}>
      {message ? (
        <div className={FULL_ROW[columns]}>
          <Alert variant="danger">{message}</Alert>
        </div>
      ) : null}
      {children}
      <div className="pt-6">
        <Button type="submit" pending={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
