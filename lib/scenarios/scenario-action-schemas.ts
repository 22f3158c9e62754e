import { z } from "zod";
import { entityFieldsOf } from "@/lib/bundles/entity-fields-of";
import { AgentKey, BundleScenario, EntityKey } from "@/lib/engine/contracts/bundle";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";

// Client-safe inputs of the scenario server actions. A scenario's own fields ARE the bundle's scenario
// (BundleScenario), so the editor form, the actions and bundle import share one schema.

export const CreateScenarioInput = BundleScenario.extend(AgentAtVersion);
export type CreateScenarioInput = z.input<typeof CreateScenarioInput>;

/**
 * `scenario_key` is the scenario's key as loaded; `key` may rename it (its id stays, so sessions and
 * SCENARIO rules stay on it). `renamed_steps` maps a loaded step key to its new key: the step keeps its
 * id, so sessions in that step and STEP rules scoped to it follow the rename. 50: BundleScenario's step cap.
 */
export const UpdateScenarioInput = BundleScenario.extend({
  ...AgentAtVersion,
  scenario_key: EntityKey,
  renamed_steps: z
    .record(EntityKey, EntityKey)
    .refine((renames) => Object.keys(renames).length <= 50, "At most 50 renamed steps")
    .default({}),
});
export type UpdateScenarioInput = z.input<typeof UpdateScenarioInput>;

export const ScenarioRefInput = z.strictObject({ ...AgentAtVersion, scenario_key: EntityKey });
export type ScenarioRefInput = z.input<typeof ScenarioRefInput>;

export const SetScenarioEnabledInput = ScenarioRefInput.extend({ enabled: z.boolean() });
export type SetScenarioEnabledInput = z.input<typeof SetScenarioEnabledInput>;

/** The scenario fields of an input: what is written to the database and compared in the diff. */
export function scenarioFieldsOf(
  input: z.output<typeof CreateScenarioInput> | z.output<typeof UpdateScenarioInput>,
): BundleScenario {
  return entityFieldsOf<BundleScenario>(BundleScenario, input);
}

/** What every scenario mutation returns: the agent's version afterwards and whether anything changed. */
export interface ScenarioChangeResult {
  config_version: number;
  /** false when the save changed nothing: nothing is written and the version stays. */
  changed: boolean;
  scenario: BundleScenario | null;
}

/** "Check routing" reads the agent's saved scenarios: the key is all it needs. */
export const CheckRoutingInput = z.strictObject({ agent_key: AgentKey });
