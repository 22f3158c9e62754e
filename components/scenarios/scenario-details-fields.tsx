"use client";

import { NameKeyFields } from "@/components/config-editor/name-key-fields";
import { LabelledOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { Switch } from "@/components/ui/switch";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { ScenarioForm } from "@/lib/scenarios/scenario-form-state";
import type { ErrorLookup } from "./form-errors";

interface ScenarioDetailsFieldsProps {
  form: ScenarioForm;
  update: (patch: Partial<ScenarioForm>) => void;
  errors: ErrorLookup;
  /** Rules scoped to this scenario: a rename keeps them (they point at its id). */
  scopedRules: string[];
}

/** The scenario's own fields, with inline errors under each. */
export function ScenarioDetailsFields({ form, update, errors, scopedRules }: ScenarioDetailsFieldsProps) {
  const field = textFieldsOf({ id: "scenario", form, update, errors });
  return (
    <div className="space-y-3">
      <NameKeyFields
        id="scenario"
        of={{ form, errors: { name: errors("name"), key: errors("key") }, update }}
        keyHint={
          scopedRules.length > 0 ? `Renaming keeps rules ${scopedRules.join(", ")} on it.` : "Stable id in bundles."
        }
        keyColumn="narrow"
      />
      <TextField {...field("description")} label="Description" multiline inputClassName="min-h-12" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          {...field("intent_label", "intent")}
          label="Intent label"
          hint="Logged on every turn routed here: the dashboard's intent heatmap."
          maxLength={TEXT_LIMITS.intentLabel}
          inputClassName="font-mono text-xs"
        />
        <SelectField {...field("entry_step")} label="Entry step" required hint="Where a conversation starts.">
          {form.entry_step === "" ? <option value="">Choose a step…</option> : null}
          <LabelledOptions
            options={form.steps.map((step) => ({
              value: step.uid,
              label: `${step.name || "(no name)"} (${step.key})`,
            }))}
          />
        </SelectField>
      </div>
      <TextField
        {...field("entry_examples")}
        label="Entry examples"
        multiline
        hint="One a line: messages that should start this scenario. Routing scores a message against them."
      />
      <div className="flex items-center gap-2">
        <Switch
          id="scenario-enabled"
          aria-label="Enabled"
          checked={form.enabled}
          onCheckedChange={(enabled) => update({ enabled })}
        />
        <span className="text-sm">
          Enabled{" "}
          <span className="text-muted-foreground text-xs">
            {form.enabled ? "· routing may enter it" : "· no conversation is routed to it"}
          </span>
        </span>
      </div>
    </div>
  );
}
