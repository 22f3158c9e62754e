import "server-only";
import {
  deleteScenarioRow,
  scenarioByKey,
  stepsOfScenario,
  transitionsOfScenario,
  updateScenarioRow,
} from "@/db/queries/scenarios";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { matchSteps, type StepRenames, stepRenameIssues } from "@/lib/scenarios/step-identity";
import { AppError } from "@/lib/server/errors";
import { configEntity } from "@/lib/versioning/server/config-entity/config-entity";
import { copyKey, copyName } from "@/lib/versioning/server/config-entity/copy-names";
import { assertScenarioFits, describeLostScopes, rulesLosingScope } from "./scenario-issues";
import { insertScenarioRows, type StoredScenario, updateScenarioRows } from "./write-scenario-rows";

const match = (stored: StoredScenario, scenario: BundleScenario, renamed: StepRenames = {}) =>
  matchSteps(stored.value.steps, scenario.steps, renamed);

/**
 * Scenarios with their steps and transitions. An edit keeps the scenario's id, and so does every step
 * that keeps its key or is listed in the step renames: sessions and SCENARIO/STEP rules point at those
 * ids. Removing a step, or deleting a scenario, that a rule is scoped to is refused, naming the rules.
 * A deleted scenario's sessions are in no scenario from their next turn (session-state.ts). A copy
 * starts disabled: with the same entry examples it would compete with its source for every routed
 * message; rules scoped to the source are not copied (they point at the source's ids).
 */
export const scenarioEntity = configEntity({
  entity: "scenario",
  keyOf: (scenario: BundleScenario) => scenario.key,
  listOf: (bundle) => bundle.scenarios,
  find: async (tx, agent, bundle, key): Promise<StoredScenario> => {
    const index = bundle.scenarios.findIndex((s) => s.key === key);
    const value = bundle.scenarios[index];
    const row = await scenarioByKey(tx, agent.id, key);
    if (!value || !row)
      throw new AppError("NOT_FOUND", `${agent.name} has no scenario "${key}"; reload the scenarios.`);
    const stepRows = await stepsOfScenario(tx, row.id);
    const transitionRows = await transitionsOfScenario(tx, row.id);
    return { row, index, value, stepRows, transitionRows };
  },
  diff: (before, after) => diffScenarioFields(before, after),
  diffEdit: (stored, scenario, renamed: StepRenames = {}) => {
    const issues = stepRenameIssues(stored.value.steps, scenario.steps, renamed);
    if (issues.length > 0) {
      throw new AppError(
        "VALIDATION",
        `${issues.join(" ")} Nothing was saved.`,
        issues.map((message) => ({ path: "renamed_steps", message })),
      );
    }
    return diffScenarioFields(stored.value, scenario, renamed);
  },
  assertFits: (bundle, scenario, stored, renamed) =>
    assertScenarioFits(
      bundle,
      scenario,
      stored && { index: stored.index, before: stored.value, match: match(stored, scenario, renamed) },
    ),
  assertDeletable: (bundle, stored) => {
    const lost = rulesLosingScope(bundle, stored.value, null);
    if (lost.length === 0) return;
    throw new AppError(
      "VALIDATION",
      `${describeLostScopes(lost)}. Delete those rules or change their scope on the Rules page first; nothing was deleted.`,
    );
  },
  insert: (tx, agent, scenario) => insertScenarioRows(tx, agent.id, scenario),
  update: (tx, _agent, stored, scenario, renamed) =>
    updateScenarioRows(tx, stored, scenario, match(stored, scenario, renamed)),
  remove: (tx, stored) => deleteScenarioRow(tx, stored.row.id),
  setEnabled: {
    of: (scenario) => scenario.enabled,
    with: (scenario, enabled) => ({ ...scenario, enabled }),
    write: (tx, stored, enabled) => updateScenarioRow(tx, stored.row.id, { enabled }),
  },
  copy: (scenario, taken) => ({
    ...scenario,
    key: copyKey(scenario.key, taken),
    name: copyName(scenario.name),
    enabled: false,
  }),
  reply: ({ config_version, changed, value }): ScenarioChangeResult => ({ config_version, changed, scenario: value }),
});
