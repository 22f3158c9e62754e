import "server-only";
import { createHash } from "node:crypto";
import { getAgentById } from "@/db/queries/agents";
import {
  claimHandoffRow,
  closeHandoffRow,
  getHandoff,
  insertSessionMessage,
  lockHandoff,
  lockSessionMode,
  openHandoffOf,
  setSessionMode,
} from "@/db/queries/handoffs";
import type { AgentRow, Database, Transaction } from "@/db/types";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import type { TranscriptMessage } from "../handoff-schemas";
import { handoffView } from "./handoff-view";
import { openHandoff } from "./open-handoff";
import { publishSessionChange } from "./session-events/session-change-bus";
import { messageView } from "./session-transcript";

// What operators do with a handoff (docs/handoffs.md#who-may-do-what). Each runs in one transaction
// under the session's row lock (the lock turns take), checks before its first write, and appends its
// ledger event on the session's chain.

/** An operator sent a reply lane 1 stopped, on purpose: the rules that fired and why (the console's "Send anyway"). */
export interface Lane1Override {
  reason: string;
  ruleKeys: string[];
}

interface Acting {
  actor: Actor;
  requestId: string;
}

/** Streams re-read the session once its transaction committed (docs/handoffs.md#live-events). */
async function thenPublish<T>(sessionId: (result: T) => string, write: Promise<T>): Promise<T> {
  const result = await write;
  publishSessionChange(sessionId(result));
  return result;
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The session locked, or the 404 of a session that vanished since it was looked up. */
async function lockedSession(tx: Transaction, sessionId: string) {
  const session = await lockSessionMode(tx, sessionId);
  if (!session) throw new AppError("NOT_FOUND", `No session with id ${sessionId}.`);
  return session;
}

/** The handoff locked after its session (the order turns lock in), or the 404 of one that vanished. */
async function lockedHandoff(tx: Transaction, id: string) {
  const first = await getHandoff(tx, id);
  if (first) await lockedSession(tx, first.sessionId);
  const handoff = first ? await lockHandoff(tx, id) : null;
  if (!handoff) throw new AppError("NOT_FOUND", `No handoff with id ${id}.`);
  return handoff;
}

/** A handoff named in a request with its agent; unknown and out-of-grant ones answer the same 404. */
async function handoffOr404(db: Database, id: string): Promise<{ agent: AgentRow }> {
  const handoff = await getHandoff(db, id);
  const agent = handoff && reachesAgentId(handoff.agentId) ? await getAgentById(db, handoff.agentId) : null;
  if (!handoff || !agent) throw new AppError("NOT_FOUND", `No handoff with id ${id}.`);
  return { agent };
}

/** POST /sessions/{id}/handoff: an operator takes the conversation from the agent (it waits to be claimed). */
export async function requestOperatorHandoff(db: Database, input: Acting & { sessionId: string; reason: string }) {
  const { agent } = await sessionOr404(db, input.sessionId);
  const write = db.transaction(async (tx) => {
    const session = await lockedSession(tx, input.sessionId);
    if (session.mode !== "agent") {
      const open = await openHandoffOf(tx, input.sessionId);
      throw new AppError(
        "CONFLICT",
        `The session is already ${session.mode === "waiting" ? "waiting for" : "with"} a person${open ? ` (handoff ${open.id})` : ""}.`,
      );
    }
    const handoff = await openHandoff(tx, {
      sessionId: input.sessionId,
      agentId: agent.id,
      reason: "operator",
      detail: input.reason.trim(),
      turnId: null,
      actor: input.actor,
      requestId: input.requestId,
    });
    return { handoff: handoffView(handoff, agent.key), session_mode: "waiting" as const };
  });
  return thenPublish(() => input.sessionId, write);
}

/** POST /handoffs/{id}/claim: the operator answers the customer from now on; 409 naming who holds it. */
export async function claimHandoff(db: Database, input: Acting & { handoffId: string }) {
  const { agent } = await handoffOr404(db, input.handoffId);
  const write = db.transaction(async (tx) => {
    const handoff = await lockedHandoff(tx, input.handoffId);
    if (handoff.state === "claimed") {
      throw new AppError("CONFLICT", `Handoff ${handoff.id} is already claimed by ${handoff.claimedBy ?? "someone"}.`);
    }
    if (handoff.state === "closed") {
      throw new AppError("CONFLICT", `Handoff ${handoff.id} is closed: the session went back to the agent.`);
    }
    await claimHandoffRow(tx, handoff.id, { name: input.actor.name, id: input.actor.id });
    await setSessionMode(tx, handoff.sessionId, "human");
    await insertSessionMessage(tx, {
      sessionId: handoff.sessionId,
      agentId: handoff.agentId,
      handoffId: handoff.id,
      kind: "system",
      event: "handoff_claimed",
      text: `${input.actor.name} joined the conversation.`,
      actor: input.actor.name,
    });
    await appendLedgerEvent(tx, {
      sessionChain: handoff.sessionId,
      type: "HANDOFF_CLAIMED",
      actor: input.actor,
      agentId: handoff.agentId,
      requestId: input.requestId,
      payload: { handoff_id: handoff.id, session_id: handoff.sessionId },
    });
    await queueWebhookEvent(tx, {
      agentId: handoff.agentId,
      type: "handoff.claimed",
      sessionId: handoff.sessionId,
      data: { handoff_id: handoff.id, claimed_by: input.actor.name },
    });
    const claimed = await getHandoff(tx, handoff.id);
    if (!claimed) throw new Error("claimed handoff vanished");
    return { handoff: handoffView(claimed, agent.key), session_mode: "human" as const };
  });
  return thenPublish((result) => result.handoff.session_id, write);
}

/**
 * POST /sessions/{id}/operator-messages: an operator's reply to the customer, while a person has the
 * session (waiting or human); 409 while the agent has it. The ledger keeps a SHA-256 of the text, never the text.
 */
export async function postOperatorMessage(
  db: Database,
  input: Acting & { sessionId: string; text: string; lane1Override?: Lane1Override },
): Promise<{ message: TranscriptMessage }> {
  const { agent } = await sessionOr404(db, input.sessionId);
  const write = db.transaction(async (tx) => {
    const session = await lockedSession(tx, input.sessionId);
    if (session.mode === "agent") {
      throw new AppError(
        "CONFLICT",
        "The agent has this session: request a handoff (POST /api/v1/sessions/{id}/handoff) before replying as a person.",
      );
    }
    const open = await openHandoffOf(tx, input.sessionId);
    const row = await insertSessionMessage(tx, {
      sessionId: input.sessionId,
      agentId: agent.id,
      handoffId: open?.id ?? null,
      kind: "operator",
      event: null,
      text: input.text,
      actor: input.actor.name,
    });
    await setSessionMode(tx, input.sessionId, session.mode);
    await appendLedgerEvent(tx, {
      sessionChain: input.sessionId,
      type: "OPERATOR_MESSAGE",
      actor: input.actor,
      agentId: agent.id,
      requestId: input.requestId,
      payload: {
        session_id: input.sessionId,
        handoff_id: open?.id ?? null,
        message_id: row.id,
        text_sha256: sha256(input.text),
        length: input.text.length,
        ...(input.lane1Override
          ? { lane1_override: { reason: input.lane1Override.reason, rule_keys: input.lane1Override.ruleKeys } }
          : {}),
      },
    });
    // The helpdesk needs the operator's words (docs/webhooks.md); no customer text goes out.
    await queueWebhookEvent(tx, {
      agentId: agent.id,
      type: "message.operator",
      sessionId: input.sessionId,
      data: { handoff_id: open?.id ?? null, message_id: row.id, operator: input.actor.name, text: input.text },
    });
    return { message: messageView(row) };
  });
  return thenPublish(() => input.sessionId, write);
}

/**
 * POST /handoffs/{id}/return: the session goes back to the agent; the note is told to the agent's next
 * turn (in its generation request) and kept on the handoff. The ledger keeps the note's SHA-256.
 */
export async function returnHandoff(db: Database, input: Acting & { handoffId: string; note: string }) {
  const { agent } = await handoffOr404(db, input.handoffId);
  const write = db.transaction(async (tx) => {
    const handoff = await lockedHandoff(tx, input.handoffId);
    if (handoff.state === "closed") {
      throw new AppError("CONFLICT", `Handoff ${handoff.id} is already closed: the session is with the agent.`);
    }
    const note = input.note.trim();
    await closeHandoffRow(tx, handoff.id, note || null);
    await setSessionMode(tx, handoff.sessionId, "agent", note || null);
    await insertSessionMessage(tx, {
      sessionId: handoff.sessionId,
      agentId: handoff.agentId,
      handoffId: handoff.id,
      kind: "system",
      event: "handoff_returned",
      text: `${input.actor.name} handed the conversation back to the agent.`,
      actor: input.actor.name,
    });
    await appendLedgerEvent(tx, {
      sessionChain: handoff.sessionId,
      type: "HANDOFF_RETURNED",
      actor: input.actor,
      agentId: handoff.agentId,
      requestId: input.requestId,
      payload: {
        handoff_id: handoff.id,
        session_id: handoff.sessionId,
        note_sha256: note ? sha256(note) : null,
      },
    });
    await queueWebhookEvent(tx, {
      agentId: handoff.agentId,
      type: "handoff.returned",
      sessionId: handoff.sessionId,
      data: { handoff_id: handoff.id, returned_by: input.actor.name, with_note: Boolean(note) },
    });
    const closed = await getHandoff(tx, handoff.id);
    if (!closed) throw new Error("returned handoff vanished");
    return { handoff: handoffView(closed, agent.key), session_mode: "agent" as const };
  });
  return thenPublish((result) => result.handoff.session_id, write);
}
