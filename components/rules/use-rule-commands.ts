"use client";

import { useState } from "react";
import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { type ForceTests, useTestsGate } from "@/components/config-editor/use-tests-gate";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { deleteRuleAction } from "@/lib/actions/rules/delete-rule";
import { duplicateRuleAction } from "@/lib/actions/rules/duplicate-rule";
import { setRuleEnabledAction } from "@/lib/actions/rules/set-rule-enabled";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

interface RuleCommandsOptions extends RowCommandsOptions {
  onDuplicated: (copy: BundleRule, version: number) => void;
}

/** The table's row commands (enable/disable, duplicate, delete), each one save with a toast and, where it makes sense, an undo. */
export function useRuleCommands({ agentKey, version, onVersion, onDuplicated }: RuleCommandsOptions) {
  const commands = useConfigCommands({ onVersion, gateShownElsewhere: true });
  // The switch passes the same test gate as the editors: a refusal opens its dialog, where an admin may
  // resend the same change with a reason.
  const gate = useTestsGate();
  const [gateChange, setGateChange] = useState("");

  function setEnabled(rule: BundleRule, enabled: boolean, force: ForceTests = {}) {
    commands.setEnabled(rule.key, enabled, version, async (on, at) => {
      const result = await setRuleEnabledAction({
        agent_key: agentKey,
        rule_key: rule.key,
        enabled: on,
        expected_config_version: at,
        ...force,
      });
      if (result.ok) gate.dismiss();
      else if (gate.settle(result, (again) => setEnabled(rule, on, again))) {
        setGateChange(`${on ? "Enable" : "Disable"} ${rule.name}`);
      }
      return result;
    });
  }

  function duplicate(rule: BundleRule) {
    commands.duplicate(
      rule.key,
      () => duplicateRuleAction({ agent_key: agentKey, rule_key: rule.key, expected_config_version: version }),
      (data) => data.rule,
      "disabled until you enable it",
      onDuplicated,
    );
  }

  /** Undo re-creates the rule from its last values (a new id: fire counts start again). */
  function remove(rule: BundleRule, onDone?: () => void) {
    commands.removeWithUndo(
      rule.key,
      () => deleteRuleAction({ agent_key: agentKey, rule_key: rule.key, expected_config_version: version }),
      (at) => createRuleAction({ ...rule, agent_key: agentKey, expected_config_version: at }),
      onDone,
    );
  }

  return { pendingKey: commands.pendingKey, gate, gateChange, setEnabled, duplicate, remove };
}
