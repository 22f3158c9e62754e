"use client";

import { NameKeyFields } from "@/components/config-editor/name-key-fields";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { Switch } from "@/components/ui/switch";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleFormState } from "@/lib/rules/rule-form-state";
import { usesExpression } from "@/lib/rules/rule-form-state";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { AttachedToolsPicker } from "./attached-tools-picker";
import { CelExpressionField } from "./cel-expression-field";
import { ScopeTargetPicker } from "./scope-target-picker";

interface RuleFormFieldsProps {
  form: RuleFormState;
  update: (patch: Partial<RuleFormState>) => void;
  errors: Record<string, string[]>;
  data: RulesWorkspaceData;
  /** An existing rule this one repeats (same scope, condition and action): warned about, not refused. */
  sameAs: BundleRule | null;
}

/** The rule's limits, each a number: its form key, its input's id, and what it means. */
const NUMBER_FIELDS = [
  { key: "priority", id: "priority", label: "Priority", hint: "Higher wins a conflict." },
  { key: "max_fires_per_session", id: "max-fires", label: "Max fires", min: 1, hint: "Per session; blank: no limit." },
  { key: "cooldown_turns", id: "cooldown", label: "Cooldown", min: 0, hint: "Turns between fires." },
] as const;

/** Every Rule field, with the server's inline errors under each. */
export function RuleFormFields({ form, update, errors, data, sameAs }: RuleFormFieldsProps) {
  const field = textFieldsOf({ id: "rule", form, update, errors: (key) => errors[key] });
  return (
    <div className="space-y-4">
      <NameKeyFields
        id="rule"
        of={{ form, errors, update }}
        keyHint="Stable id in bundles and traces."
        keyColumn="wide"
      />
      <TextField
        {...field("condition_text", "condition")}
        label="Condition (when)"
        required
        multiline
        inputClassName="min-h-14"
        hint="Matched against the customer's message to decide whether the rule applies."
      />
      <TextField
        {...field("action_text", "action")}
        label="Action (then)"
        required
        multiline
        hint="Told to the model when the rule applies."
      />
      {sameAs ? (
        <Alert variant="warning" title={`Same as rule ${sameAs.name}`}>
          {sameAs.key} already has this condition and action in the same scope. You can still save; the two would apply
          together.
        </Alert>
      ) : null}
      <ScopeTargetPicker scope={form.scope} value={form.scope_ref} onChange={update} targets={data} errors={errors} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {NUMBER_FIELDS.map(({ key, id, ...number }) => (
          <TextField key={key} {...field(key, id)} type="number" {...number} />
        ))}
        <div className="flex flex-col gap-2">
          <span className="font-medium text-sm" id="rule-enabled-label">
            Enabled
          </span>
          <Switch
            aria-labelledby="rule-enabled-label"
            checked={form.enabled}
            onCheckedChange={(enabled) => update({ enabled })}
          />
        </div>
      </div>
      <fieldset className="space-y-3 rounded-lg border border-border p-3">
        <legend className="px-1 font-medium text-sm">Enforcement</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.is_hard_constraint}
            onChange={(e) => update({ is_hard_constraint: e.target.checked })}
          />
          Hard constraint: a reply that breaks it is never sent
        </label>
        {form.is_hard_constraint ? (
          <SelectField {...field("enforcement_lane", "lane")} label="Lane">
            <option value="deterministic">Lane 1 · CEL expression, checked on every reply</option>
            <option value="subjective">Lane 2 · model as judge, on risky or sampled turns</option>
          </SelectField>
        ) : (
          <p className="text-muted-foreground text-xs">Guidance: told to the model, not enforced.</p>
        )}
        {usesExpression(form) ? (
          <CelExpressionField
            id="rule-expression"
            value={form.enforcement_expression}
            onChange={(enforcement_expression) => update({ enforcement_expression })}
            declarations={data.declarations}
            errors={errors.enforcement_expression}
          />
        ) : errors.enforcement_expression ? (
          <p className="text-destructive text-xs">{errors.enforcement_expression.join(" ")}</p>
        ) : null}
      </fieldset>
      <AttachedToolsPicker
        value={form.attached_tools}
        onChange={(attached_tools) => update({ attached_tools })}
        tools={data.tools}
        errors={errors.attached_tools}
      />
    </div>
  );
}
