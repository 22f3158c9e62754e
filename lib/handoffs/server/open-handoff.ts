import "server-only";
import {
  type HandoffRow,
  insertHandoff,
  insertSessionMessage,
  openHandoffOf,
  reuseHandoffRow,
  type SessionMode,
  setSessionMode,
} from "@/db/queries/handoffs";
import type { Transaction } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import type { HandoffReason } from "../handoff-schemas";

export interface OpenHandoffInput {
  sessionId: string;
  agentId: string;
  reason: HandoffReason;
  detail: string;
  /** The turn that asked for it; null when an operator did. */
  turnId: string | null;
  actor: Actor;
  requestId: string;
}

/**
 * Opens a handoff: the row (waiting), the session in `waiting` mode, the transcript's system line and
 * HANDOFF_REQUESTED on the session's chain. The caller holds the session's row lock and has checked the
 * session is in `agent` mode. A follow-up the agent promised may still be open then (it leaves the mode
 * `agent`): that row becomes this handoff, and the line and the event say so (`follow_up_id`).
 */
export async function openHandoff(tx: Transaction, input: OpenHandoffInput) {
  const followUp = await openHandoffOf(tx, input.sessionId);
  const row = {
    reason: input.reason,
    detail: input.detail,
    requestTurnId: input.turnId,
    requestedBy: input.actor.name,
  };
  const handoff = followUp
    ? await reuseHandoffRow(tx, followUp.id, row)
    : await insertHandoff(tx, { sessionId: input.sessionId, agentId: input.agentId, ...row });
  await setSessionMode(tx, input.sessionId, "waiting" satisfies SessionMode);
  const why = `${REASON_WORDS[input.reason]}${input.detail ? `: ${input.detail}` : ""}`;
  await insertSessionMessage(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    handoffId: handoff.id,
    kind: "system",
    event: "handoff_requested",
    text: `Handed to a person (${why})${followUp ? "; the follow-up the agent promised goes with it" : ""}.`,
    actor: input.actor.name,
  });
  await announceHandoff(tx, input, handoff, followUp ? { follow_up_id: followUp.id } : {});
  return handoff;
}

/** HANDOFF_REQUESTED on the session's chain and the `handoff.requested` webhook, in the caller's transaction. */
export async function announceHandoff(
  tx: Transaction,
  input: OpenHandoffInput,
  handoff: HandoffRow,
  extra: Record<string, string> = {},
): Promise<void> {
  await appendLedgerEvent(tx, {
    sessionChain: input.sessionId,
    type: "HANDOFF_REQUESTED",
    actor: input.actor,
    agentId: input.agentId,
    requestId: input.requestId,
    payload: {
      handoff_id: handoff.id,
      session_id: input.sessionId,
      reason: input.reason,
      detail: input.detail,
      turn_id: input.turnId,
      ...extra,
    },
  });
  await queueWebhookEvent(tx, {
    agentId: input.agentId,
    type: "handoff.requested",
    sessionId: input.sessionId,
    data: { handoff_id: handoff.id, reason: input.reason, detail: input.detail, turn_id: input.turnId },
  });
}

const REASON_WORDS: Record<HandoffReason, string> = {
  rule: "a rule still broken after regeneration",
  customer_request: "the customer asked for a person",
  repeated_fallback: "repeated fallbacks",
  input_safety: "the input-safety check flagged the customer's message",
  operator: "an operator took it",
  promised_follow_up: "the agent promised a person's follow-up",
  budget: "the agent's budget was spent",
};
