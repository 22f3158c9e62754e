"use client";

import { NameKeyFields } from "@/components/config-editor/name-key-fields";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
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
  return (
    <div className="space-y-3">
      <NameKeyFields
        id="scenario"
        form={form}
        errors={{ name: errors("name"), key: errors("key") }}
        keyHint={
          scopedRules.length > 0 ? `Renaming keeps rules ${scopedRules.join(", ")} on it.` : "Stable id in bundles."
        }
        update={update}
        columns="sm:grid-cols-[1fr_12rem]"
      />
      <FormField label="Description" htmlFor="scenario-description" errors={errors("description")}>
        <Textarea
          id="scenario-description"
          value={form.description}
          className="min-h-12"
          onChange={(e) => update({ description: e.target.value })}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          label="Intent label"
          htmlFor="scenario-intent"
          errors={errors("intent_label")}
          hint="Logged on every turn routed here: the dashboard's intent heatmap."
        >
          <Input
            id="scenario-intent"
            value={form.intent_label}
            maxLength={TEXT_LIMITS.intentLabel}
            className="font-mono text-xs"
            onChange={(e) => update({ intent_label: e.target.value })}
          />
        </FormField>
        <FormField
          label="Entry step"
          htmlFor="scenario-entry-step"
          required
          errors={errors("entry_step")}
          hint="Where a conversation starts."
        >
          <NativeSelect
            id="scenario-entry-step"
            value={form.entry_step}
            onChange={(e) => update({ entry_step: e.target.value })}
          >
            {form.entry_step === "" ? <option value="">Choose a step…</option> : null}
            {form.steps.map((step) => (
              <option key={step.uid} value={step.uid}>
                {step.name || "(no name)"} ({step.key})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label="Entry examples"
        htmlFor="scenario-entry-examples"
        errors={errors("entry_examples")}
        hint="One a line: messages that should start this scenario. Routing scores a message against them."
      >
        <Textarea
          id="scenario-entry-examples"
          value={form.entry_examples}
          onChange={(e) => update({ entry_examples: e.target.value })}
        />
      </FormField>
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
