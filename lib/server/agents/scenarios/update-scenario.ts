import "server-only";
import type { Database } from "@/db/types";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { matchSteps, type StepRenames, stepRenameIssues } from "@/lib/scenarios/step-identity";
import { AppError } from "@/lib/server/errors";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findScenario } from "./find-scenario";
import { assertScenarioFits } from "./scenario-issues";
import { updateScenarioRows } from "./write-scenario-rows";

/**
 * Replaces the scenario loaded as `scenarioKey` (a new `key` renames it). The scenario keeps its id,
 * and so does every step that keeps its key or is listed in `renamed`: sessions and SCENARIO/STEP
 * rules point at those ids, so they follow a rename. Removing a step that a rule is scoped to is
 * refused, naming the rules. A save that changes nothing writes nothing.
 */
export async function updateScenario(
  db: Database,
  request: ConfigChangeRequest,
  scenarioKey: string,
  scenario: BundleScenario,
  renamed: StepRenames = {},
): Promise<ScenarioChangeResult> {
  const outcome = await changeAgentConfig<BundleScenario | null>(db, request, async (tx, agent, bundle) => {
    const stored = await findScenario(tx, agent, bundle, scenarioKey);
    const renameIssues = stepRenameIssues(stored.scenario.steps, scenario.steps, renamed);
    if (renameIssues.length > 0) {
      throw new AppError(
        "VALIDATION",
        `${renameIssues.join(" ")} Nothing was saved.`,
        renameIssues.map((message) => ({ path: "renamed_steps", message })),
      );
    }
    const diff = diffScenarioFields(stored.scenario, scenario, renamed);
    if (Object.keys(diff).length === 0) return { unchanged: stored.scenario };
    const match = matchSteps(stored.scenario.steps, scenario.steps, renamed);
    assertScenarioFits(bundle, scenario, { index: stored.index, before: stored.scenario, match });
    await updateScenarioRows(tx, stored, scenario, match);
    return {
      entity: "scenario",
      key: scenario.key,
      action: "updated",
      diff,
      previous_key: scenario.key === scenarioKey ? undefined : scenarioKey,
      result: scenario,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, scenario: outcome.result };
}
