import type { ReactNode } from "react";
import { FieldError } from "./field-error";

interface CheckboxOption {
  value: string;
  /** What stands beside the box (the value in mono, a name, a hint). */
  label: ReactNode;
  /** Ticked when the form opens (native: the form keeps what was ticked). */
  checked: boolean;
}

interface CheckboxFieldsetProps {
  legend: string;
  /** The form field every ticked box sends its value under. */
  name: string;
  options: CheckboxOption[];
  /** Shown under the legend; give it the id in `describedBy`. */
  hint?: ReactNode;
  describedBy?: string;
  /** The boxes' grid: two columns unless told. */
  gridClassName?: string;
  errors?: string[];
  errorId?: string;
}

/** A group of checkboxes sent as one list field (scopes, agents, events), with its errors below. */
export function CheckboxFieldset({
  legend,
  name,
  options,
  hint,
  describedBy,
  gridClassName = "grid grid-cols-2 gap-1",
  errors,
  errorId,
}: CheckboxFieldsetProps) {
  return (
    <fieldset className="space-y-1" aria-describedby={describedBy}>
      <legend className="font-medium text-sm">{legend}</legend>
      {hint}
      <div className={gridClassName}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={option.checked} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} messages={errors} />
    </fieldset>
  );
}
