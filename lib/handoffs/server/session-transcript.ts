import "server-only";
import { resumedTurnIdsOf } from "@/db/queries/approvals";
import type { SessionMessageRow } from "@/db/queries/handoffs";
import { sessionMessagesOf, transcriptTurns } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import type { TranscriptMessage } from "../handoff-schemas";

export function messageView(row: SessionMessageRow): TranscriptMessage {
  // sessionMessagesOf leaves notes out; one here would show operators' words to the customer.
  if (row.kind === "note") throw new Error("an internal note is not a transcript line");
  return {
    id: row.id,
    kind: row.kind,
    event: row.event,
    text: row.text,
    turn_id: null,
    actor: row.actor,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The whole conversation in order (docs/handoffs.md#the-transcript): each turn's customer message and
 * reply (none for a queued turn without a holding reply), operator replies and the system's handoff
 * lines. A turn's lines and the lines its transaction wrote share its commit time; the turn's come first.
 * No access check: callers have checked the session is within the request's grant.
 */
export async function readTranscript(db: Database, sessionId: string): Promise<TranscriptMessage[]> {
  const [turnRows, messageRows, resumed] = await Promise.all([
    transcriptTurns(db, sessionId),
    sessionMessagesOf(db, sessionId),
    resumedTurnIdsOf(db, sessionId),
  ]);
  const timed: { at: number; order: number; message: TranscriptMessage }[] = [];
  for (const turn of turnRows) {
    const at = turn.createdAt.getTime();
    const base = { event: null, turn_id: turn.id, actor: null, created_at: turn.createdAt.toISOString() };
    // A turn that resumed a paused tool call (docs/approvals.md) answers the paused turn's message:
    // the customer said it once.
    if (!resumed.has(turn.id)) {
      timed.push({
        at,
        order: 0,
        message: { ...base, id: `${turn.id}:customer`, kind: "customer", text: turn.userMessage },
      });
    }
    if (turn.response !== "") {
      timed.push({ at, order: 1, message: { ...base, id: `${turn.id}:agent`, kind: "agent", text: turn.response } });
    }
  }
  for (const row of messageRows) timed.push({ at: row.createdAt.getTime(), order: 2, message: messageView(row) });
  // Stable: turns are in turn order and messages in (created_at, id) order already.
  return timed.sort((a, b) => a.at - b.at || a.order - b.order).map((t) => t.message);
}

/** The position after `after` in the transcript: 400 for an id that is not one of its messages. */
export function startAfter(ordered: TranscriptMessage[], after: string | undefined): number {
  if (after === undefined) return 0;
  const at = ordered.findIndex((m) => m.id === after);
  if (at < 0) throw new AppError("BAD_REQUEST", "after is not a message of this session: read from the start instead.");
  return at + 1;
}

/** GET /sessions/{id}/messages: a page of the transcript after a cursor. */
export async function sessionTranscript(db: Database, input: { sessionId: string; after?: string; limit: number }) {
  const { session } = await sessionOr404(db, input.sessionId);
  const ordered = await readTranscript(db, input.sessionId);
  const start = startAfter(ordered, input.after);
  const page = ordered.slice(start, start + input.limit);
  return {
    session_id: session.id,
    mode: session.mode,
    messages: page,
    next_cursor: page.at(-1)?.id ?? input.after ?? null,
    has_more: start + page.length < ordered.length,
  };
}
