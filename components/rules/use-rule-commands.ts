"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { deleteRuleAction } from "@/lib/actions/rules/delete-rule";
import { duplicateRuleAction } from "@/lib/actions/rules/duplicate-rule";
import { setRuleEnabledAction } from "@/lib/actions/rules/set-rule-enabled";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";

type RuleActionResult = Awaited<ReturnType<typeof setRuleEnabledAction>>;

interface RuleCommandsOptions {
  agentKey: string;
  /** The config_version the table shows; every command sends it as expected_config_version. */
  version: number;
  onVersion: (version: number) => void;
  onDuplicated: (copy: BundleRule, version: number) => void;
}

// A conflict toast stays 10 s: long enough to read what changed and click Reload.
const CONFLICT_TOAST_MS = 10_000;

/** The table's row commands (enable/disable, duplicate, delete), each one save with a toast and, where it makes sense, an undo. */
export function useRuleCommands({ agentKey, version, onVersion, onDuplicated }: RuleCommandsOptions) {
  const router = useRouter();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  function settle(result: RuleActionResult, done: (data: RuleChangeResult) => void) {
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

  function run(key: string, call: () => Promise<RuleActionResult>, done: (data: RuleChangeResult) => void) {
    setPendingKey(key);
    startTransition(async () => {
      settle(await call(), done);
      setPendingKey(null);
    });
  }

  function setEnabled(rule: BundleRule, enabled: boolean, at = version) {
    run(
      rule.key,
      () => setRuleEnabledAction({ agent_key: agentKey, rule_key: rule.key, enabled, expected_config_version: at }),
      (data) =>
        toast.success(`${rule.key} ${enabled ? "enabled" : "disabled"} · v${data.config_version}`, {
          action: { label: "Undo", onClick: () => setEnabled(rule, !enabled, data.config_version) },
        }),
    );
  }

  function duplicate(rule: BundleRule) {
    run(
      rule.key,
      () => duplicateRuleAction({ agent_key: agentKey, rule_key: rule.key, expected_config_version: version }),
      (data) => {
        if (!data.rule) return;
        toast.success(`Duplicated as ${data.rule.key}, disabled until you enable it · v${data.config_version}`);
        onDuplicated(data.rule, data.config_version);
      },
    );
  }

  /** Undo re-creates the rule from its last values (a new id: fire counts start again). */
  function remove(rule: BundleRule, onDone?: () => void) {
    run(
      rule.key,
      () => deleteRuleAction({ agent_key: agentKey, rule_key: rule.key, expected_config_version: version }),
      (data) => {
        onDone?.();
        toast.success(`Deleted ${rule.key} · v${data.config_version}`, {
          action: {
            label: "Undo",
            onClick: () =>
              run(
                rule.key,
                () => createRuleAction({ ...rule, agent_key: agentKey, expected_config_version: data.config_version }),
                (restored) => toast.success(`Restored ${rule.key} · v${restored.config_version}`),
              ),
          },
        });
      },
    );
  }

  return { pendingKey, setEnabled, duplicate, remove };
}
