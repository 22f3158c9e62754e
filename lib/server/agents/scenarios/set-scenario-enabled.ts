import "server-only";
import { updateScenarioRow } from "@/db/queries/scenarios";
import type { Database } from "@/db/types";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findScenario } from "./find-scenario";

/**
 * The list's enabled switch. Not re-validated: switching a scenario off must work even when its graph
 * has a problem, and `enabled` takes part in no reference check. A disabled scenario is not routed to;
 * rules scoped to it stay as they are.
 */
export async function setScenarioEnabled(
  db: Database,
  request: ConfigChangeRequest,
  scenarioKey: string,
  enabled: boolean,
): Promise<ScenarioChangeResult> {
  const outcome = await changeAgentConfig<BundleScenario | null>(db, request, async (tx, agent, bundle) => {
    const current = await findScenario(tx, agent, bundle, scenarioKey);
    if (current.scenario.enabled === enabled) return { unchanged: current.scenario };
    const scenario = { ...current.scenario, enabled };
    await updateScenarioRow(tx, current.row.id, { enabled });
    return {
      entity: "scenario",
      key: scenarioKey,
      action: enabled ? "enabled" : "disabled",
      diff: diffScenarioFields(current.scenario, scenario),
      result: scenario,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, scenario: outcome.result };
}
