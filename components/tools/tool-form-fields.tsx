"use client";

import { NameKeyFields } from "@/components/config-editor/name-key-fields";
import { Alert } from "@/components/ui/alert";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";
import { inputNamesOf, type ToolFormErrors, type ToolFormState } from "@/lib/tools/tool-form-state";
import { ToolDataField } from "./tool-data-field";
import { ToolHttpFields } from "./tool-http-fields";
import { ToolInputsEditor } from "./tool-inputs-editor";
import { ToolMcpFields } from "./tool-mcp-fields";
import { ToolVariablesEditor } from "./tool-variables-editor";

interface ToolFormFieldsProps {
  form: ToolFormState;
  update: (patch: Partial<ToolFormState>) => void;
  errors: ToolFormErrors;
  takenNames: Record<string, string>;
  host: { status: ToolHostStatus | null; checking: boolean };
  readOnly: boolean;
  /** The agent's credential names, for an http tool's picker. */
  credentialNames: readonly string[];
  isNew: boolean;
}

const KINDS: { value: ToolFormState["kind"]; label: string; hint: string }[] = [
  { value: "static", label: "Static data", hint: "returns configured JSON: demos, tests, fixed catalogues" },
  { value: "http", label: "HTTP call", hint: "calls a URL on an allowed host, with a timeout and a size cap" },
];

/** Every BundleTool field, with the inline errors of the last save (or of the live checks) under each. */
export function ToolFormFields(props: ToolFormFieldsProps) {
  const { form, update, errors, takenNames, readOnly } = props;
  return (
    <div className="space-y-4">
      {errors["(root)"] ? (
        <Alert variant="danger" title="This change would break the agent">
          <ul className="list-disc pl-4">
            {errors["(root)"].map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <NameKeyFields
        id="tool"
        of={{ form, errors, update }}
        keyHint="Stable id in bundles and traces; a rename keeps the rules attached."
        keyColumn="wide"
      />
      {form.kind === "mcp" ? (
        <ToolMcpFields form={form} />
      ) : (
        <TextField
          {...textFieldsOf({ id: "tool", form, update, errors: (key) => errors[key] })("description")}
          label="Description"
          multiline
          inputClassName="min-h-14"
          maxLength={TEXT_LIMITS.description}
          hint="What the tool returns; shown to designers and in traces."
        />
      )}
      <fieldset className="space-y-1.5" hidden={form.kind === "mcp"}>
        <legend className="mb-1 font-medium text-sm">Kind</legend>
        <div className="grid grid-cols-2 gap-2">
          {KINDS.map((kind) => (
            // The hint describes the radio rather than naming it: its accessible name stays "HTTP call".
            <div
              key={kind.value}
              className="flex items-start gap-2 rounded-md border border-border p-2 text-sm has-checked:border-primary has-checked:bg-accent"
            >
              <input
                id={`tool-kind-${kind.value}`}
                type="radio"
                name="tool-kind"
                value={kind.value}
                checked={form.kind === kind.value}
                onChange={() => update({ kind: kind.value })}
                aria-describedby={`tool-kind-${kind.value}-hint`}
                className="mt-1"
              />
              <span>
                <label htmlFor={`tool-kind-${kind.value}`} className="cursor-pointer font-medium">
                  {kind.label}
                </label>
                <span id={`tool-kind-${kind.value}-hint`} className="block text-muted-foreground text-xs">
                  {kind.hint}
                </span>
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={form.requiresApproval}
          onChange={(e) => update({ requiresApproval: e.target.checked })}
          aria-describedby="tool-requires-approval-hint"
        />
        <span>
          <span className="font-medium">Requires approval</span>
          <span id="tool-requires-approval-hint" className="block text-muted-foreground text-xs">
            The turn pauses before the call until an operator approves it; the customer gets a holding reply.
          </span>
        </span>
      </label>
      <ToolInputsEditor
        rows={form.inputs}
        onChange={(inputs) => update({ inputs })}
        errors={errors}
        readOnly={readOnly || form.kind === "mcp"}
      />
      {form.kind === "mcp" ? null : form.kind === "static" ? (
        <ToolDataField value={form.data} onChange={(data) => update({ data })} errors={errors.data} />
      ) : (
        <ToolHttpFields {...props} />
      )}
      <ToolVariablesEditor
        rows={form.variables}
        onChange={(variables) => update({ variables })}
        inputNames={inputNamesOf(form)}
        takenNames={takenNames}
        errors={errors}
        readOnly={readOnly}
      />
    </div>
  );
}
