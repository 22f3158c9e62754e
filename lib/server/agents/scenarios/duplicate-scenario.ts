import "server-only";
import type { Database } from "@/db/types";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";
import { diffScenarioFields } from "@/lib/scenarios/scenario-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { copyKey } from "../rules/duplicate-rule";
import { findScenario } from "./find-scenario";
import { assertScenarioFits } from "./scenario-issues";
import { insertScenarioRows } from "./write-scenario-rows";

// BundleScenario names: 200 characters at most.
const MAX_NAME = 200;

/**
 * Copies a scenario, its steps and transitions under a fresh key and fresh ids. The copy starts
 * disabled: with the same entry examples it would compete with its source for every routed message,
 * so it changes no turn until the designer has edited and enabled it. Rules scoped to the source are
 * not copied (they point at the source's ids).
 */
export async function duplicateScenario(
  db: Database,
  request: ConfigChangeRequest,
  scenarioKey: string,
): Promise<ScenarioChangeResult> {
  const outcome = await changeAgentConfig<BundleScenario | null>(db, request, async (tx, agent, bundle) => {
    const source = await findScenario(tx, agent, bundle, scenarioKey);
    const key = copyKey(scenarioKey, new Set(bundle.scenarios.map((s) => s.key)));
    const suffix = " (copy)";
    const copy: BundleScenario = {
      ...source.scenario,
      key,
      name: `${source.scenario.name.slice(0, MAX_NAME - suffix.length)}${suffix}`,
      enabled: false,
    };
    assertScenarioFits(bundle, copy, null);
    await insertScenarioRows(tx, agent.id, copy);
    return {
      entity: "scenario",
      key,
      action: "duplicated",
      source_key: scenarioKey,
      diff: diffScenarioFields(null, copy),
      result: copy,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, scenario: outcome.result };
}
