import type { BundleScenario } from "@/lib/engine/contracts/bundle";

// What the scenario pages hand their client components: scenarios in bundle form (steps and
// transitions by key) and which rules are scoped to what. Client-safe: types only.

export interface ScenariosWorkspaceData {
  agent: { key: string; name: string; configVersion: number };
  scenarios: BundleScenario[];
  /**
   * Keys of the rules scoped to a scenario ("refund") or a step ("refund/verify"), by that scope_ref:
   * the editor names them where a delete or a step removal would be refused.
   */
  ruleScopes: Record<string, string[]>;
}
