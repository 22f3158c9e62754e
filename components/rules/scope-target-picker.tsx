"use client";

import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/select";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { StepOptionGroups } from "./step-option-groups";

interface ScopeTargetPickerProps {
  scope: BundleRule["scope"];
  value: string;
  onChange: (patch: { scope?: BundleRule["scope"]; scope_ref: string }) => void;
  /** Only this agent's scenarios and steps can be picked. */
  targets: Pick<RulesWorkspaceData, "scenarios" | "steps">;
  errors: Record<string, string[]>;
}

const SCOPE_HINT: Record<BundleRule["scope"], string> = {
  GLOBAL: "Considered on every turn.",
  SCENARIO: "Considered while the conversation is in this scenario.",
  STEP: "Considered only at this step of its scenario.",
};

/** Scope and its target: a scenario for SCENARIO, a step for STEP, nothing for GLOBAL. */
export function ScopeTargetPicker({ scope, value, onChange, targets, errors }: ScopeTargetPickerProps) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
      <FormField label="Scope" htmlFor="rule-scope" errors={errors.scope} hint={SCOPE_HINT[scope]}>
        <NativeSelect
          id="rule-scope"
          value={scope}
          // A target of the old kind would not fit the new scope: pick again.
          onChange={(event) => onChange({ scope: event.target.value as BundleRule["scope"], scope_ref: "" })}
        >
          <option value="GLOBAL">GLOBAL</option>
          <option value="SCENARIO">SCENARIO</option>
          <option value="STEP">STEP</option>
        </NativeSelect>
      </FormField>
      {scope === "GLOBAL" ? null : (
        <FormField
          label={scope === "SCENARIO" ? "Scenario" : "Step"}
          htmlFor="rule-scope-ref"
          required
          errors={errors.scope_ref}
        >
          <NativeSelect
            id="rule-scope-ref"
            value={value}
            onChange={(event) => onChange({ scope_ref: event.target.value })}
          >
            <option value="">{scope === "SCENARIO" ? "Choose a scenario…" : "Choose a step…"}</option>
            {scope === "SCENARIO" ? (
              targets.scenarios.map((s) => (
                <option key={s.ref} value={s.ref}>
                  {s.label}
                </option>
              ))
            ) : (
              <StepOptionGroups groups={targets.steps} />
            )}
          </NativeSelect>
        </FormField>
      )}
    </div>
  );
}
