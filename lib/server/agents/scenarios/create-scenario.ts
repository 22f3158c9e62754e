import "server-only";
import type { Database } from "@/db/types";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { assertScenarioFits } from "./scenario-issues";
import { insertScenarioRows } from "./write-scenario-rows";

/** Adds a scenario with its steps and transitions: checked against the agent, one new config version. */
export async function createScenario(
  db: Database,
  request: ConfigChangeRequest,
  scenario: BundleScenario,
): Promise<ScenarioChangeResult> {
  const outcome = await changeAgentConfig<BundleScenario | null>(db, request, async (tx, agent, bundle) => {
    assertScenarioFits(bundle, scenario, null);
    await insertScenarioRows(tx, agent.id, scenario);
    return {
      entity: "scenario",
      key: scenario.key,
      action: "created",
      diff: diffScenarioFields(null, scenario),
      result: scenario,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, scenario: outcome.result };
}
