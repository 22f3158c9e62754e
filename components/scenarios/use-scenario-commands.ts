"use client";

import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { createScenarioAction } from "@/lib/actions/scenarios/create-scenario";
import { deleteScenarioAction } from "@/lib/actions/scenarios/delete-scenario";
import { duplicateScenarioAction } from "@/lib/actions/scenarios/duplicate-scenario";
import { setScenarioEnabledAction } from "@/lib/actions/scenarios/set-scenario-enabled";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";

/** The list's row commands (enable/disable, duplicate, delete), each one save with a toast and, where it makes sense, an undo. */
export function useScenarioCommands({ agentKey, version, onVersion }: RowCommandsOptions) {
  const commands = useConfigCommands({ onVersion });

  function setEnabled(scenario: BundleScenario, enabled: boolean) {
    commands.setEnabled(scenario.key, enabled, version, (on, at) =>
      setScenarioEnabledAction({
        agent_key: agentKey,
        scenario_key: scenario.key,
        enabled: on,
        expected_config_version: at,
      }),
    );
  }

  /** A copy opens in its own editor page: a scenario is edited there, not in the list. */
  function duplicate(scenario: BundleScenario) {
    commands.duplicate(
      scenario.key,
      () =>
        duplicateScenarioAction({ agent_key: agentKey, scenario_key: scenario.key, expected_config_version: version }),
      (data) => data.scenario,
      "disabled until you enable it",
      (copy) => commands.router.push(`/agents/${agentKey}/scenarios/${copy.key}`),
    );
  }

  /** Undo re-creates the scenario from its last values (new ids: sessions that were in it stay out). */
  function remove(scenario: BundleScenario, onDone?: () => void) {
    commands.removeWithUndo(
      scenario.key,
      () => deleteScenarioAction({ agent_key: agentKey, scenario_key: scenario.key, expected_config_version: version }),
      (at) => createScenarioAction({ ...scenario, agent_key: agentKey, expected_config_version: at }),
      onDone,
    );
  }

  return { pendingKey: commands.pendingKey, setEnabled, duplicate, remove };
}
