import "server-only";
import type { z } from "zod";
import { listTurnsWithTapes } from "@/db/queries/replay";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { BundleTestCase, ConversationAssertion, TestTurn } from "@/lib/engine/contracts/test-case";
import { proposeTurnAssertions } from "@/lib/engine/conversation-tests/propose-assertions";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { AppError } from "@/lib/server/errors";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";

/**
 * A stored session as a proposed test case: its messages in order, each turn's tape (so a frozen run
 * replays what the model said), and assertions read from the trace — outcome, where it ended, rules
 * that fired, violations caught — for the designer to keep, edit or drop before saving.
 */
export async function proposeTestFromSession(db: DbOrTx, agent: AgentRow, sessionId: string): Promise<BundleTestCase> {
  const rows = await listTurnsWithTapes(db, agent.id, [sessionId]);
  if (rows.length === 0)
    throw new AppError("NOT_FOUND", `No session ${sessionId} with turns for agent "${agent.key}".`);
  const compiled = await getCompiledAgent(db, agent, hostPorts().embedder);
  const stepKey = (scenarioId: string | undefined, stepId: string | undefined) => {
    const scenario = scenarioId ? compiled.scenarios.get(scenarioId) : undefined;
    const step = scenario && stepId ? scenario.steps.get(stepId) : undefined;
    return {
      scenario: scenario?.scenario.key ?? null,
      step: scenario && step ? `${scenario.scenario.key}/${step.key}` : null,
    };
  };
  const firstTape = rows[0]?.tape ?? null;
  const turns: z.input<typeof TestTurn>[] = rows.map((row) => {
    const p = row.provenance;
    const where = stepKey(p.scenario?.id, p.step?.id);
    return {
      message: row.userMessage,
      turn_id: row.id,
      ...(row.tape ? { tape: row.tape } : {}),
      assertions: proposeTurnAssertions({
        outcome: row.outcome,
        scenario: where.scenario,
        step: where.step,
        rulesFired: p.rules_applied.map((r) => r.key),
        rulesViolated: [...new Set(p.enforcement.violations_caught.map((v) => v.rule_key))],
      }),
    };
  });
  const assertions: ConversationAssertion[] = [{ kind: "never_ships_lane1_failure" }];
  if (rows.every((r) => r.outcome !== "fallback")) assertions.push({ kind: "never_falls_back" });
  const first = rows[0]?.userMessage ?? "conversation";
  return {
    key: `session-${sessionId.slice(0, 8)}`,
    name: first.length > 80 ? `${first.slice(0, 79)}…` : first,
    suite: "default",
    tags: ["from-session"],
    description: `Saved from session ${sessionId}.`,
    customer_profile: firstTape?.external?.profile ?? {},
    continuity: firstTape?.continuity_enabled ?? false,
    turns: turns as BundleTestCase["turns"],
    assertions,
    enabled: true,
  };
}
