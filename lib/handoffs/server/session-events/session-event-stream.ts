import "server-only";
import { approvalStatesOf } from "@/db/queries/approvals";
import type { SessionMode } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { liveEventStream } from "@/lib/server/live-events/live-event-stream";
import type { CustomerSessionEvent, CustomerWhy } from "@/lib/widget/customer-response-schemas";
import type { TranscriptMessage } from "../../handoff-schemas";
import { SESSION_EVENTS_CONTENT_TYPE, type SessionEvent } from "../../session-events";
import { readTranscript, startAfter } from "../session-transcript";
import { ensureCrossInstancePoll } from "./cross-instance-poll";
import { customerViewOf } from "./customer-view";
import { customerWhysOf } from "./customer-why";
import { customerWordsOf } from "./customer-words";
import { type SessionSnapshot, subscribeSessionFeed } from "./session-feed";
import { admitStream, type StreamAdmission, type StreamHolder } from "./stream-limits";

// GET /api/v1/sessions/{id}/events (docs/handoffs.md#live-events): the transcript after a cursor, the
// mode, then every new line and mode change as it commits.

/** EventSource reconnects after this long, with Last-Event-ID. */
const RETRY_MS = 3000;

export async function openSessionEventStream(
  db: Database,
  input: {
    sessionId: string;
    after: string | undefined;
    signal: AbortSignal;
    /** The customer's own view (a widget's publishable key, customer-view.ts): no operator identities. */
    forCustomer?: boolean;
    /** The session's own customer (a publishable key with its token): texts restored from its vault. */
    ownWords?: boolean;
    /** Who holds the stream, for the limits per class (stream-limits.ts). */
    holder: StreamHolder;
  },
): Promise<{ stream: Response } | { refused: Extract<StreamAdmission, { ok: false }> }> {
  const max = env().FOCAL_EVENT_STREAMS_MAX;
  // A customer's token already names this session and key (checked by the route wrapper), so the
  // customers' limits come before any read: a flood beyond them costs no query. An operator's lookup
  // comes first: a session outside the grant is 404 however full the instance is.
  const early = input.holder.kind === "customer" ? admitStream(input.holder, max) : null;
  if (early && !early.ok) return { refused: early };
  let session: Awaited<ReturnType<typeof sessionOr404>>["session"];
  try {
    ({ session } = await sessionOr404(db, input.sessionId));
  } catch (error) {
    early?.release();
    throw error;
  }
  // Before the transcript is read: an operator refused costs a lookup, not a read.
  const admission = early ?? admitStream(input.holder, max);
  if (!admission.ok) return { refused: admission };
  let ordered: Awaited<ReturnType<typeof readTranscript>>;
  let approvals: Awaited<ReturnType<typeof approvalStatesOf>>;
  let start: number;
  try {
    [ordered, approvals] = await Promise.all([readTranscript(db, session.id), approvalStatesOf(db, session.id)]);
    start = startAfter(ordered, input.after);
  } catch (error) {
    admission.release();
    throw error;
  }
  ensureCrossInstancePoll(db);

  const sent = new Set(ordered.slice(0, start).map((m) => m.id));
  let mode: SessionMode | null = null;
  const approvalStates = new Map<string, string>();
  const words = input.ownWords ? customerWordsOf(db, session.id) : null;
  // Restoring reads the vault, so snapshots are applied one after another: events keep their order.
  let applying = Promise.resolve();

  const stream = liveEventStream({
    signal: input.signal,
    contentType: SESSION_EVENTS_CONTENT_TYPE,
    retryMs: RETRY_MS,
    onStop: admission.release,
    subscribe: (writer) => {
      const send = (event: SessionEvent, why?: CustomerWhy) =>
        writer.write(formatSessionEvent(input.forCustomer ? customerViewOf(event, why) : event));
      const restored = async (message: TranscriptMessage): Promise<TranscriptMessage> => {
        if (!words || message.kind === "system") return message;
        try {
          return { ...message, text: await words.restore(message.text) };
        } catch {
          // The vault could not be read: the stored text, placeholders and all, never an error.
          return message;
        }
      };
      const apply = async (snapshot: SessionSnapshot) => {
        if (!snapshot) {
          send({ event: "gone", data: { session_id: session.id } });
          writer.stop();
          return;
        }
        const fresh = snapshot.messages.filter((message) => !sent.has(message.id));
        const whys = input.forCustomer ? await customerWhysOf(db, fresh) : null;
        for (const message of fresh) {
          if (sent.has(message.id)) continue;
          sent.add(message.id);
          const data = await restored(message);
          if (writer.closed) return;
          send({ event: "message", data }, whys?.get(message.id));
        }
        if (snapshot.mode !== mode) {
          mode = snapshot.mode;
          send({ event: "mode", data: { session_id: session.id, mode } });
        }
        for (const approval of snapshot.approvals) {
          if (approvalStates.get(approval.id) === approval.state) continue;
          approvalStates.set(approval.id, approval.state);
          const data = {
            session_id: session.id,
            approval_id: approval.id,
            tool_key: approval.toolKey,
            state: approval.state,
          };
          send({ event: "approval", data });
        }
      };
      const applyInTurn = (snapshot: SessionSnapshot) => {
        // A fault in one snapshot closes the stream; EventSource reconnects from Last-Event-ID.
        applying = applying.then(() => apply(snapshot)).catch(() => writer.stop());
      };
      const feed = subscribeSessionFeed(db, session.id, applyInTurn);
      const begin = () => {
        applyInTurn({ mode: session.mode, messages: ordered, approvals });
        // Read again now that the feed listens: a write between the first read and the subscribe is not lost.
        feed.refresh();
      };
      return { begin, close: feed.close };
    },
  });
  return { stream };
}

/** One SSE block: `id:` only on messages, so Last-Event-ID is always a transcript cursor. */
function formatSessionEvent(event: SessionEvent | CustomerSessionEvent): string {
  const id = event.event === "message" ? `id: ${event.data.id}\n` : "";
  return `${id}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
