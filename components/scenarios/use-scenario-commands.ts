"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { createScenarioAction } from "@/lib/actions/scenarios/create-scenario";
import { deleteScenarioAction } from "@/lib/actions/scenarios/delete-scenario";
import { duplicateScenarioAction } from "@/lib/actions/scenarios/duplicate-scenario";
import { setScenarioEnabledAction } from "@/lib/actions/scenarios/set-scenario-enabled";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenarioChangeResult } from "@/lib/scenarios/scenario-action-schemas";

type ScenarioActionResult = Awaited<ReturnType<typeof setScenarioEnabledAction>>;

interface ScenarioCommandsOptions {
  agentKey: string;
  /** The config_version the list shows; every command sends it as expected_config_version. */
  version: number;
  onVersion: (version: number) => void;
}

// A conflict toast stays 10 s: long enough to read what changed and click Reload.
const CONFLICT_TOAST_MS = 10_000;

/** The list's row commands (enable/disable, duplicate, delete), each one save with a toast and, where it makes sense, an undo. */
export function useScenarioCommands({ agentKey, version, onVersion }: ScenarioCommandsOptions) {
  const router = useRouter();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  function settle(result: ScenarioActionResult, done: (data: ScenarioChangeResult) => void) {
    if (result.ok) {
      onVersion(result.data.config_version);
      router.refresh();
      done(result.data);
    } else if (result.code === "CONFLICT") {
      toast.error(result.message, {
        duration: CONFLICT_TOAST_MS,
        action: { label: "Reload", onClick: () => router.refresh() },
      });
    } else {
      toast.error(result.message);
    }
  }

  function run(key: string, call: () => Promise<ScenarioActionResult>, done: (data: ScenarioChangeResult) => void) {
    setPendingKey(key);
    startTransition(async () => {
      settle(await call(), done);
      setPendingKey(null);
    });
  }

  function setEnabled(scenario: BundleScenario, enabled: boolean, at = version) {
    run(
      scenario.key,
      () =>
        setScenarioEnabledAction({
          agent_key: agentKey,
          scenario_key: scenario.key,
          enabled,
          expected_config_version: at,
        }),
      (data) =>
        toast.success(`${scenario.key} ${enabled ? "enabled" : "disabled"} · v${data.config_version}`, {
          action: { label: "Undo", onClick: () => setEnabled(scenario, !enabled, data.config_version) },
        }),
    );
  }

  function duplicate(scenario: BundleScenario) {
    run(
      scenario.key,
      () =>
        duplicateScenarioAction({ agent_key: agentKey, scenario_key: scenario.key, expected_config_version: version }),
      (data) => {
        if (!data.scenario) return;
        toast.success(`Duplicated as ${data.scenario.key}, disabled until you enable it · v${data.config_version}`);
        router.push(`/agents/${agentKey}/scenarios/${data.scenario.key}`);
      },
    );
  }

  /** Undo re-creates the scenario from its last values (new ids: sessions that were in it stay out). */
  function remove(scenario: BundleScenario, onDone?: () => void) {
    run(
      scenario.key,
      () => deleteScenarioAction({ agent_key: agentKey, scenario_key: scenario.key, expected_config_version: version }),
      (data) => {
        onDone?.();
        toast.success(`Deleted ${scenario.key} · v${data.config_version}`, {
          action: {
            label: "Undo",
            onClick: () =>
              run(
                scenario.key,
                () =>
                  createScenarioAction({
                    ...scenario,
                    agent_key: agentKey,
                    expected_config_version: data.config_version,
                  }),
                (restored) => toast.success(`Restored ${scenario.key} · v${restored.config_version}`),
              ),
          },
        });
      },
    );
  }

  return { pendingKey, setEnabled, duplicate, remove };
}
