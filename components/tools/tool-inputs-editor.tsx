"use client";

import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { rowEdits } from "@/components/ui/row-edits";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import {
  INPUT_TYPES,
  type InputRow,
  type InputType,
  newInputRow,
  type ToolFormErrors,
} from "@/lib/tools/tool-form-state";
import { RemoveRowButton, ToolRowsFieldset } from "./tool-rows-fieldset";

interface ToolInputsEditorProps {
  rows: InputRow[];
  onChange: (rows: InputRow[]) => void;
  errors: ToolFormErrors;
  readOnly: boolean;
}

/** The input schema as rows: name, type, description, required. The engine fills each from the variable of that name. */
export function ToolInputsEditor({ rows, onChange, errors, readOnly }: ToolInputsEditorProps) {
  const { change, remove, add } = rowEdits(rows, onChange);
  return (
    <ToolRowsFieldset
      legend="Inputs"
      testId="tool-inputs"
      intro="Filled from the session or profile variable of the same name when a rule runs the tool. A required input that is missing skips the call."
      empty="No inputs: the tool takes no arguments."
      rowCount={rows.length}
      errors={errors.inputs}
      addLabel="Add input"
      onAdd={() => add(newInputRow())}
      readOnly={readOnly}
    >
      {rows.map((row, i) => {
        const n = i + 1;
        const nameErrors = errors[`input.${i}.name`];
        const rowErrors = [
          ...(errors[`input.${i}`] ?? []),
          ...(errors[`input.${i}.type`] ?? []),
          ...(errors[`input.${i}.description`] ?? []),
        ];
        return (
          <div key={row.id} className="space-y-1" data-testid={`tool-input-${i}`}>
            <div className="grid grid-cols-[minmax(0,10rem)_7rem_minmax(0,1fr)_auto_auto] items-center gap-2">
              <Input
                aria-label={`Input ${n} name`}
                placeholder="order_id"
                value={row.name}
                onChange={(e) => change(i, { name: e.target.value })}
                aria-invalid={nameErrors ? true : undefined}
                className="font-mono text-xs"
                maxLength={TEXT_LIMITS.key}
              />
              <NativeSelect
                aria-label={`Input ${n} type`}
                value={row.type}
                onChange={(e) => change(i, { type: e.target.value as InputType })}
              >
                <ValueOptions values={INPUT_TYPES} />
              </NativeSelect>
              <Input
                aria-label={`Input ${n} description`}
                placeholder="Description (optional)"
                value={row.description}
                onChange={(e) => change(i, { description: e.target.value })}
                maxLength={TEXT_LIMITS.listEntry}
              />
              <label className="flex items-center gap-1.5 text-xs">
                <input
                  type="checkbox"
                  checked={row.required}
                  onChange={(e) => change(i, { required: e.target.checked })}
                  aria-label={`Input ${n} required`}
                />
                required
              </label>
              <RemoveRowButton label={`Remove input ${n}`} readOnly={readOnly} onRemove={() => remove(i)} />
            </div>
            <FieldError messages={[...(nameErrors ?? []), ...rowErrors]} />
          </div>
        );
      })}
    </ToolRowsFieldset>
  );
}
