import "server-only";
import { getAgentById } from "@/db/queries/agents";
import { insertSessionMessage, lockSessionMode } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { checkOperatorReply } from "@/lib/engine/stages/enforcement/operator-reply-check";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";
import { loadSessionState } from "@/lib/turns/server/session-state";
import type { InternalNote, ReplyViolation, SendReplyResult } from "../inbox-schemas";
import { postOperatorMessage, sha256 } from "./operator-actions";

// The inbox's reply and note (docs/handoffs.md#the-inbox): a reply passes the agent's lane 1 first.

interface Acting {
  actor: Actor;
  requestId: string;
}

/** The agent's deterministic rules over the operator's text, with the session's known values. */
async function lane1Violations(db: Database, sessionId: string, text: string): Promise<ReplyViolation[]> {
  const { session } = await sessionOr404(db, sessionId);
  const agent = await getAgentById(db, session.agentId);
  if (!agent) return [];
  const compiled = await getCompiledAgent(db, agent, hostPorts().embedder);
  const state = await loadSessionState(db, session, compiled);
  return checkOperatorReply(compiled, state, text).map((check) => ({
    rule_key: check.ruleKey,
    rule_name: check.ruleName,
    detail: check.detail,
  }));
}

/**
 * An operator's reply from the console: stopped (nothing written) when lane 1 fires, unless the operator
 * gives a reason to send it anyway; the reason and the rules that fired go into OPERATOR_MESSAGE.
 */
export async function sendOperatorReply(
  db: Database,
  input: Acting & { sessionId: string; text: string; overrideReason?: string },
): Promise<SendReplyResult> {
  const violations = await lane1Violations(db, input.sessionId, input.text);
  if (violations.length > 0 && input.overrideReason === undefined) return { sent: false, violations };
  await postOperatorMessage(db, {
    ...input,
    ...(violations.length > 0 && input.overrideReason !== undefined
      ? { lane1Override: { reason: input.overrideReason.trim(), ruleKeys: violations.map((v) => v.rule_key) } }
      : {}),
  });
  return { sent: true };
}

/** An internal note: stored for operators, never in the transcript; OPERATOR_NOTE keeps its SHA-256. */
export async function addInternalNote(
  db: Database,
  input: Acting & { sessionId: string; text: string },
): Promise<InternalNote> {
  const { session } = await sessionOr404(db, input.sessionId);
  const text = input.text.trim();
  const row = await db.transaction(async (tx) => {
    // The session's chain is appended under its row lock, as every handoff step and turn does.
    await lockSessionMode(tx, session.id);
    const note = await insertSessionMessage(tx, {
      sessionId: session.id,
      agentId: session.agentId,
      handoffId: null,
      kind: "note",
      event: null,
      text,
      actor: input.actor.name,
    });
    await appendLedgerEvent(tx, {
      sessionChain: session.id,
      type: "OPERATOR_NOTE",
      actor: input.actor,
      agentId: session.agentId,
      requestId: input.requestId,
      payload: { session_id: session.id, message_id: note.id, text_sha256: sha256(text), length: text.length },
    });
    return note;
  });
  return noteView(row);
}

export function noteView(row: { id: string; text: string; actor: string; createdAt: Date }): InternalNote {
  return { id: row.id, text: row.text, actor: row.actor, created_at: row.createdAt.toISOString() };
}
