import "server-only";
import { resumedTurnIdsOf } from "@/db/queries/approvals";
import type { SessionMessageRow } from "@/db/queries/handoffs";
import { sessionMessagesOf, transcriptTurns } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import type { TranscriptMessage } from "../handoff-schemas";

export function messageView(row: SessionMessageRow): TranscriptMessage {
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
 */
export async function sessionTranscript(db: Database, input: { sessionId: string; after?: string; limit: number }) {
  const { session } = await sessionOr404(db, input.sessionId);
  const [turnRows, messageRows, resumed] = await Promise.all([
    transcriptTurns(db, input.sessionId),
    sessionMessagesOf(db, input.sessionId),
    resumedTurnIdsOf(db, input.sessionId),
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
  const ordered = timed.sort((a, b) => a.at - b.at || a.order - b.order).map((t) => t.message);
  let start = 0;
  if (input.after !== undefined) {
    const at = ordered.findIndex((m) => m.id === input.after);
    if (at < 0) {
      throw new AppError("BAD_REQUEST", "after is not a message of this session: read from the start instead.");
    }
    start = at + 1;
  }
  const page = ordered.slice(start, start + input.limit);
  return {
    session_id: session.id,
    mode: session.mode,
    messages: page,
    next_cursor: page.at(-1)?.id ?? input.after ?? null,
    has_more: start + page.length < ordered.length,
  };
}
