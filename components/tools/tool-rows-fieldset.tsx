"use client";

import { Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { RowButton } from "@/components/ui/row-button";

interface ToolRowsFieldsetProps {
  legend: string;
  testId: string;
  /** What the rows are for, under the legend. */
  intro: ReactNode;
  /** Said while there are no rows. */
  empty: string;
  rowCount: number;
  /** The errors about the rows as a whole. */
  errors: string[] | undefined;
  addLabel: string;
  onAdd: () => void;
  readOnly: boolean;
  children: ReactNode;
}

/** One of a tool's row lists (inputs, output variables): legend, what it is for, the rows, then Add. */
export function ToolRowsFieldset(props: ToolRowsFieldsetProps) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-border p-3" data-testid={props.testId}>
      <legend className="px-1 font-medium text-sm">{props.legend}</legend>
      <p className="text-muted-foreground text-xs">{props.intro}</p>
      {props.rowCount === 0 ? <p className="text-muted-foreground text-xs">{props.empty}</p> : null}
      {props.children}
      <FieldError messages={props.errors} />
      {props.readOnly ? null : (
        <Button type="button" variant="outline" size="sm" onClick={props.onAdd}>
          <Plus aria-hidden="true" />
          {props.addLabel}
        </Button>
      )}
    </fieldset>
  );
}

/** A row's remove button; a read-only form keeps its grid cell empty. */
export function RemoveRowButton({
  label,
  readOnly,
  onRemove,
}: {
  label: string;
  readOnly: boolean;
  onRemove: () => void;
}) {
  return readOnly ? (
    <span />
  ) : (
    <RowButton label={label} onClick={onRemove}>
      <X />
    </RowButton>
  );
}
