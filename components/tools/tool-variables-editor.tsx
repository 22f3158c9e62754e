"use client";

import { Badge } from "@/components/ui/badge";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { rowEdits } from "@/components/ui/row-edits";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import { checkOutputPath } from "@/lib/tools/output-path-check";
import { newVariableRow, type ToolFormErrors, type VariableRow } from "@/lib/tools/tool-form-state";
import { RemoveRowButton, ToolRowsFieldset } from "./tool-rows-fieldset";

interface ToolVariablesEditorProps {
  rows: VariableRow[];
  onChange: (rows: VariableRow[]) => void;
  /** The tool's input names: what `{input}` in a path may name. */
  inputNames: string[];
  /** Names the agent's profile fields and response variables already use. */
  takenNames: Record<string, string>;
  errors: ToolFormErrors;
  readOnly: boolean;
}

/** Output variable name ← path into the result, each path checked against the grammar as it is typed. */
export function ToolVariablesEditor({
  rows,
  onChange,
  inputNames,
  takenNames,
  errors,
  readOnly,
}: ToolVariablesEditorProps) {
  const { change, remove, add } = rowEdits(rows, onChange);
  return (
    <ToolRowsFieldset
      legend="Output variables"
      testId="tool-variables"
      intro={
        <>
          Each becomes a session variable (type <span className="font-mono">dyn</span> in CEL) read from the result by a
          path: <span className="font-mono">items[0].status</span> takes the first item,{" "}
          <span className="font-mono">items[id={"{order_id}"}].amount</span> the item whose id equals the order_id
          input.
        </>
      }
      empty="No output variables: the result only goes into the prompt."
      rowCount={rows.length}
      errors={errors.variables}
      addLabel="Add output variable"
      onAdd={() => add(newVariableRow())}
      readOnly={readOnly}
    >
      {rows.map((row, i) => {
        const n = i + 1;
        const check = row.path === "" ? null : checkOutputPath(row.path, inputNames);
        const taken = row.name !== "" && Object.hasOwn(takenNames, row.name) ? takenNames[row.name] : undefined;
        const nameErrors = errors[`variable.${i}.name`];
        const pathErrors = errors[`variable.${i}.path`];
        return (
          <div key={row.id} className="space-y-1" data-testid={`tool-variable-${i}`}>
            <div className="grid grid-cols-[minmax(0,11rem)_auto_minmax(0,1fr)_auto] items-center gap-2">
              <Input
                aria-label={`Variable ${n} name`}
                placeholder="order_amount"
                value={row.name}
                onChange={(e) => change(i, { name: e.target.value })}
                aria-invalid={nameErrors || taken ? true : undefined}
                className="font-mono text-xs"
                maxLength={TEXT_LIMITS.key}
              />
              <span aria-hidden="true" className="text-muted-foreground">
                ←
              </span>
              <Input
                aria-label={`Variable ${n} path`}
                placeholder="items[id={order_id}].amount"
                value={row.path}
                onChange={(e) => change(i, { path: e.target.value })}
                aria-invalid={pathErrors || (check && !check.ok) ? true : undefined}
                aria-describedby={`tool-variable-${i}-status`}
                className="font-mono text-xs"
                maxLength={TEXT_LIMITS.name}
                spellCheck={false}
                autoComplete="off"
              />
              <RemoveRowButton label={`Remove variable ${n}`} readOnly={readOnly} onRemove={() => remove(i)} />
            </div>
            <div
              id={`tool-variable-${i}-status`}
              data-testid={`path-status-${i}`}
              data-state={check === null ? "empty" : check.ok ? "ok" : "error"}
              aria-live="polite"
              className="text-xs"
            >
              {taken && !nameErrors ? (
                <p className="text-destructive">
                  {row.name} is already a {taken} of this agent; use another name.
                </p>
              ) : null}
              {check === null ? null : check.ok ? (
                <span className="flex items-center gap-1.5">
                  <Badge variant="success">path OK</Badge>
                  {check.inputs.length > 0 ? (
                    <span className="text-muted-foreground">uses input {check.inputs.join(", ")}</span>
                  ) : null}
                </span>
              ) : (
                <PathError path={row.path} message={check.message} position={check.position} />
              )}
            </div>
            {/* The live status above already says what the save's path check would. */}
            <FieldError
              messages={[
                ...(nameErrors ?? []),
                ...(pathErrors ?? []).filter((message) => check?.ok !== false || message !== check.message),
                ...(errors[`variable.${i}`] ?? []),
              ]}
            />
          </div>
        );
      })}
    </ToolRowsFieldset>
  );
}

function PathError({ path, message, position }: { path: string; message: string; position: number | null }) {
  return (
    <div className="space-y-1">
      <span className="flex items-start gap-1.5">
        <Badge variant="danger">path error</Badge>
        <span>
          {position === null ? "" : `Column ${position + 1}: `}
          {message}
        </span>
      </span>
      {position === null ? null : (
        <pre className="overflow-x-auto rounded bg-muted px-2 py-1 font-mono text-xs" aria-hidden="true">
          {path.slice(0, position)}
          <mark className="rounded-sm bg-danger-bg text-danger underline decoration-wavy">{path[position] ?? "‸"}</mark>
          {path.slice(position + 1)}
        </pre>
      )}
    </div>
  );
}
