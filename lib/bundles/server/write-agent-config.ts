import { randomUUID } from "node:crypto";
import { type ConfigIds, insertAgentConfigRows } from "@/db/queries/agent-config";
import type { Transaction } from "@/db/types";
import type { Bundle, BundleRule } from "@/lib/engine/contracts/bundle";
import { profileFieldColumns, scenarioColumns, stepColumns, toolColumns, variableColumns } from "../entity-columns";

/**
 * Inserts a validated bundle's configuration for an agent that has none, resolving keys to ids:
 * rules.scope_id (scenario or step), rules.attached_tool_ids, scenarios.entry_step_id. A key that
 * was in the replaced configuration (`keep`) keeps its id, so sessions stay on their scenario and
 * step, rule fire counts still apply and traces still point at the rule; new keys get fresh ids.
 * Ids are settled before any insert, so every reference is known when its row is written.
 */
export async function insertAgentConfig(
  tx: Transaction,
  agentId: string,
  bundle: Bundle,
  keep?: ConfigIds,
): Promise<void> {
  const assign = (keys: string[], kept: Map<string, string> | undefined) =>
    new Map(keys.map((key) => [key, kept?.get(key) ?? randomUUID()]));
  const toolIds = assign(
    bundle.tools.map((t) => t.key),
    keep?.tools,
  );
  const scenarioIds = assign(
    bundle.scenarios.map((s) => s.key),
    keep?.scenarios,
  );
  const stepIds = assign(
    bundle.scenarios.flatMap((s) => s.steps.map((step) => `${s.key}/${step.key}`)),
    keep?.steps,
  );
  const ruleIds = assign(
    bundle.rules.map((r) => r.key),
    keep?.rules,
  );
  const idOf = (ids: Map<string, string>, key: string): string => {
    const id = ids.get(key);
    if (!id) throw new Error(`bundle reference "${key}" was not resolved; validate the bundle before writing it`);
    return id;
  };

  const ruleRefs = { tools: toolIds, scenarios: scenarioIds, steps: stepIds };
  await insertAgentConfigRows(tx, {
    profileFields: bundle.profile_fields.map((f) => ({ agentId, ...profileFieldColumns(f) })),
    variables: bundle.variables.map((v) => ({ agentId, ...variableColumns(v) })),
    tools: bundle.tools.map((t) => ({ id: idOf(toolIds, t.key), agentId, ...toolColumns(t) })),
    scenarios: bundle.scenarios.map((s) => ({
      id: idOf(scenarioIds, s.key),
      agentId,
      ...scenarioColumns(s, idOf(stepIds, `${s.key}/${s.entry_step}`)),
    })),
    steps: bundle.scenarios.flatMap((s) =>
      s.steps.map((step, position) => ({
        id: idOf(stepIds, `${s.key}/${step.key}`),
        scenarioId: idOf(scenarioIds, s.key),
        ...stepColumns(step, position),
      })),
    ),
    transitions: bundle.scenarios.flatMap((s) =>
      s.transitions.map((t, position) => ({
        scenarioId: idOf(scenarioIds, s.key),
        fromStepId: idOf(stepIds, `${s.key}/${t.from}`),
        toStepId: idOf(stepIds, `${s.key}/${t.to}`),
        conditionText: t.condition_text,
        examples: t.examples,
        position,
      })),
    ),
    rules: bundle.rules.map((r) => ({ id: idOf(ruleIds, r.key), agentId, ...ruleColumns(r, ruleRefs) })),
    tests: bundle.tests.map((t) => ({
      agentId,
      key: t.key,
      suite: t.suite,
      testCase: t,
    })),
    knowledgeSources: bundle.knowledge_sources.map((source) => ({ agentId, key: source.key, source })),
  });
}

/**
 * A validated bundle rule as rules columns: scope_ref and attached tool keys resolved to ids. Shared
 * by bundle import and the rule editor (lib/rules/server), so both write a rule the same way.
 */
export function ruleColumns(rule: BundleRule, ids: Pick<ConfigIds, "tools" | "scenarios" | "steps">) {
  const idOf = (map: Map<string, string>, key: string): string => {
    const id = map.get(key);
    if (!id) throw new Error(`rule reference "${key}" was not resolved; validate the rule before writing it`);
    return id;
  };
  return {
    key: rule.key,
    name: rule.name,
    conditionText: rule.condition_text,
    actionText: rule.action_text,
    scope: rule.scope,
    scopeId:
      rule.scope_ref === null ? null : idOf(rule.scope === "SCENARIO" ? ids.scenarios : ids.steps, rule.scope_ref),
    priority: rule.priority,
    enabled: rule.enabled,
    isHardConstraint: rule.is_hard_constraint,
    enforcementExpression: rule.enforcement_expression,
    enforcementLane: rule.enforcement_lane,
    onViolation: rule.on_violation,
    attachedToolIds: rule.attached_tools.map((key) => idOf(ids.tools, key)),
    maxFiresPerSession: rule.max_fires_per_session,
    cooldownTurns: rule.cooldown_turns,
  };
}
