import "server-only";
import { deleteScenarioRow } from "@/db/queries/scenarios";
import type { Database } from "@/db/types";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { AppError } from "@/lib/server/errors";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findScenario } from "./find-scenario";
import { describeLostScopes, rulesLosingScope } from "./scenario-issues";

/**
 * Deletes a scenario with its steps and transitions (ON DELETE CASCADE). Refused while a rule is
 * scoped to it or to one of its steps, naming those rules: the rule would point at nothing. Sessions
 * in it are in no scenario from their next turn (session-state.ts); turns keep their provenance. The
 * ledger event keeps every field, so the scenario can be re-created from the history.
 */
export async function deleteScenario(
  db: Database,
  request: ConfigChangeRequest,
  scenarioKey: string,
): Promise<ScenarioChangeResult> {
  const outcome = await changeAgentConfig<BundleScenario | null>(db, request, async (tx, agent, bundle) => {
    const current = await findScenario(tx, agent, bundle, scenarioKey);
    const lost = rulesLosingScope(bundle, current.scenario, null);
    if (lost.length > 0) {
      throw new AppError(
        "VALIDATION",
        `${describeLostScopes(lost)}. Delete those rules or change their scope on the Rules page first; nothing was deleted.`,
      );
    }
    await deleteScenarioRow(tx, current.row.id);
    return {
      entity: "scenario",
      key: scenarioKey,
      action: "deleted",
      diff: diffScenarioFields(current.scenario, null),
      result: null,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, scenario: outcome.result };
}
