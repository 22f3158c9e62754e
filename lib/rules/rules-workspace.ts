import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

// What the rules page hands its client components: the agent's rules in bundle form (references by
// key) and the choices the editor offers. Client-safe: types only.

interface ScopeTargetOption {
  /** scope_ref: a scenario key, or "scenario_key/step_key" for a step. */
  ref: string;
  /** "Refund" or "Refund › Verify". */
  label: string;
}

export interface RulesWorkspaceData {
  agent: { key: string; name: string; configVersion: number };
  rules: BundleRule[];
  scenarios: ScopeTargetOption[];
  /** Steps grouped by their scenario, in authored order. */
  steps: { scenario: string; options: ScopeTargetOption[] }[];
  tools: { key: string; name: string }[];
  /** The variables an enforcement expression may use, with their CEL types. */
  declarations: CelDeclarations;
  /** Rule key → the conversation tests asserting on it: the rule cannot be deleted while any does. */
  testsNaming: Record<string, string[]>;
}
