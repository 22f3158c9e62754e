import "server-only";
import { insertHandoff, insertSessionMessage, openHandoffOf } from "@/db/queries/handoffs";
import type { Transaction } from "@/db/types";
import type { Actor } from "@/lib/server/ledger/event-types";
import { announceHandoff } from "./open-handoff";

export interface OpenFollowUpInput {
  sessionId: string;
  agentId: string;
  /** followUpDetail: the promise and the session's known values, never the customer's text. */
  detail: string;
  turnId: string;
  actor: Actor;
  requestId: string;
}

/**
 * Opens the follow-up a shipped reply promised (docs/handoffs.md#what-asks-for-a-person): a `waiting`
 * handoff that the inbox queues and counts, while the session stays in `agent` mode — the customer
 * keeps talking to the agent; a review promised within days must not silence the conversation. A
 * session with a handoff already open gets nothing new: the person who has it keeps the promise too.
 * The caller holds the session's row lock. Null when nothing was opened.
 */
export async function openFollowUp(tx: Transaction, input: OpenFollowUpInput) {
  if (await openHandoffOf(tx, input.sessionId)) return null;
  const handoff = await insertHandoff(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    reason: "promised_follow_up",
    detail: input.detail,
    requestTurnId: input.turnId,
    requestedBy: input.actor.name,
  });
  await insertSessionMessage(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    handoffId: handoff.id,
    kind: "system",
    event: "follow_up_opened",
    text: `Follow-up for a person (the agent promised it: ${input.detail}).`,
    actor: input.actor.name,
  });
  await announceHandoff(tx, { ...input, reason: "promised_follow_up" }, handoff);
  return handoff;
}
