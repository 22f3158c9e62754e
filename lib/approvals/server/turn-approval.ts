import "server-only";
import { insertApproval } from "@/db/queries/approvals";
import type { Transaction } from "@/db/types";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";

const MINUTE_MS = 60_000;

/**
 * The turn's share of approvals, in its transaction after its record (docs/approvals.md): an
 * `awaiting_approval` outcome records the pending approval (tool, inputs, rule and step) with its
 * expiry and tells subscribed webhooks. The turn's own TURN_COMPLETED carries the outcome on the chain.
 */
async function settleTurnApproval(
  tx: Transaction,
  input: { sessionId: string; agentId: string; turnId: string; outcome: TurnOutcome; expiryMinutes: number },
): Promise<void> {
  const paused = input.outcome.outcome === "awaiting_approval" ? input.outcome.approval : null;
  if (!paused) return;
  const requestedAt = new Date();
  const approval = await insertApproval(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    requestTurnId: input.turnId,
    toolId: paused.toolId,
    toolKey: paused.toolKey,
    toolName: paused.toolName,
    input: paused.input,
    context: { rule: { id: paused.ruleId, key: paused.ruleKey }, scenario: paused.scenario, step: paused.step },
    requestedAt,
    expiresAt: new Date(requestedAt.getTime() + input.expiryMinutes * MINUTE_MS),
  });
  await queueWebhookEvent(tx, {
    agentId: input.agentId,
    type: "approval.requested",
    sessionId: input.sessionId,
    data: {
      approval_id: approval.id,
      tool_key: paused.toolKey,
      rule_key: paused.ruleKey,
      turn_id: input.turnId,
      expires_at: approval.expiresAt.toISOString(),
    },
  });
}

export const approvalSettler: TurnSettler = {
  name: "approvals",
  settle: (tx, turn) => settleTurnApproval(tx, { ...turn, expiryMinutes: turn.settings.approvals.expiry_minutes }),
};
