import "server-only";
import { listRules, listScenariosWithSteps } from "@/db/queries/agent-config";
import type { DbOrTx } from "@/db/types";
import type { ConfigNames } from "@/lib/turns/name-ids";

/**
 * The names of an agent's scenarios, steps, transitions ("Ask for the order → Look up the order") and
 * rules by id, so the timeline, routing and replay show names where the engine recorded ids.
 */
export async function loadConfigNames(db: DbOrTx, agentId: string): Promise<ConfigNames> {
  const [scenarioRows, ruleRows] = await Promise.all([listScenariosWithSteps(db, agentId), listRules(db, agentId)]);
  const names: ConfigNames = {};
  for (const scenario of scenarioRows) {
    names[scenario.id] = scenario.name;
    for (const step of scenario.steps) names[step.id] = step.name;
    const stepName = (id: string) => scenario.steps.find((s) => s.id === id)?.name ?? "a removed step";
    for (const t of scenario.transitions) names[t.id] = `${stepName(t.fromStepId)} → ${stepName(t.toStepId)}`;
  }
  for (const rule of ruleRows) names[rule.id] = rule.name;
  return names;
}
