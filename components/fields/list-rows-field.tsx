"use client";

import { Plus, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { RowButton } from "@/components/ui/row-button";

interface ListRowsFieldProps {
  /** Prefix of the row inputs' ids: `${id}-${index}`. */
  id: string;
  legend: string;
  hint: ReactNode;
  rows: string[];
  onChange: (rows: string[]) => void;
  /** What one row is, "Validation rule": rows are "Validation rule 2" (their input's and remove button's accessible names), the button "Add validation rule". */
  noun: string;
  /** The schema's limit on the list (BundleProfileField, BundleVariable). */
  max: number;
  errors?: string[];
  readOnly: boolean;
  /** The row's control; it must use `inputId` as its id and `label` as its accessible name. */
  renderRow: (row: ListRow) => ReactNode;
}

/** One row as its control sees it. */
export interface ListRow {
  value: string;
  index: number;
  inputId: string;
  label: string;
  set: (value: string) => void;
}

type ListKeys<F> = { [K in keyof F]: F[K] extends string[] ? K : never }[keyof F] & string;

/**
 * A form's lists as ListRowsField props, by key: `list("patterns", "Pattern")` gives `form.patterns`,
 * `update({ patterns })`, its errors, the read-only state and the row's noun.
 */
export function listRowsOf<F>(of: {
  form: F;
  update: (patch: Partial<F>) => void;
  errors: Partial<Record<string, string[]>>;
  readOnly: boolean;
}) {
  return (key: ListKeys<F>, noun: string) => ({
    rows: of.form[key] as string[],
    onChange: (rows: string[]) => of.update({ [key]: rows } as Partial<F>),
    errors: of.errors[key],
    readOnly: of.readOnly,
    noun,
  });
}

let nextRowId = 0;
const rowId = () => `row-${nextRowId++}`;

/**
 * A list edited as rows (validation rules, patterns, extraction hints): add focuses the new row,
 * remove takes the row out. Blank rows are allowed while typing; the save drops them.
 */
export function ListRowsField({
  id,
  legend,
  hint,
  rows,
  onChange,
  noun,
  max,
  errors,
  readOnly,
  renderRow,
}: ListRowsFieldProps) {
  // Stable React keys for rows that have no identity of their own; reset when the list is replaced
  // from outside (the save drops blank rows).
  const [keys, setKeys] = useState(() => rows.map(rowId));
  const shownKeys = keys.length === rows.length ? keys : rows.map((_, i) => keys[i] ?? rowId());
  const focusIndex = useRef<number | null>(null);
  const rowLabel = (index: number) => `${noun} ${index + 1}`;
  const addLabel = `Add ${noun.toLowerCase()}`;

  useEffect(() => {
    if (focusIndex.current === null) return;
    document.getElementById(`${id}-${focusIndex.current}`)?.focus();
    focusIndex.current = null;
  });

  function add() {
    focusIndex.current = rows.length;
    setKeys([...shownKeys, rowId()]);
    onChange([...rows, ""]);
  }

  function remove(index: number) {
    setKeys(shownKeys.filter((_, i) => i !== index));
    onChange(rows.filter((_, i) => i !== index));
    // Keep the keyboard in the list: the row that took this one's place, or the add button.
    focusIndex.current = Math.min(index, rows.length - 2);
  }

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="font-medium text-sm">{legend}</legend>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-md border border-border border-dashed px-3 py-2 text-muted-foreground text-xs">
          None yet.{readOnly ? "" : ` ${addLabel} below.`}
        </p>
      ) : (
        <ol className="space-y-2">
          {rows.map((value, index) => (
            <li key={shownKeys[index]} className="flex items-start gap-1.5">
              <span className="mt-1.5 w-5 shrink-0 text-right text-muted-foreground text-xs tabular-nums">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">
                {renderRow({
                  value,
                  index,
                  inputId: `${id}-${index}`,
                  label: rowLabel(index),
                  set: (next) => onChange(rows.map((row, i) => (i === index ? next : row))),
                })}
              </div>
              {readOnly ? null : (
                <RowButton label={`Remove ${rowLabel(index).toLowerCase()}`} onClick={() => remove(index)}>
                  <X />
                </RowButton>
              )}
            </li>
          ))}
        </ol>
      )}
      <FieldError messages={errors} />
      {readOnly ? null : (
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={rows.length >= max}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}
