import "server-only";
import { approvalStatesOf } from "@/db/queries/approvals";
import { getSession } from "@/db/queries/conversations";
import type { SessionMode } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { type CoalescedReader, coalescedReader } from "@/lib/server/live-events/coalesced-reader";
import type { TranscriptMessage } from "../../handoff-schemas";
import { readTranscript } from "../session-transcript";
import { onSessionChange } from "./session-change-bus";

// One reader per watched session: a change is read once (mode and transcript) and handed to every
// stream of the session, so 200 streams on one conversation cost one read, not 200.

interface ApprovalState {
  id: string;
  state: Awaited<ReturnType<typeof approvalStatesOf>>[number]["state"];
  toolKey: string;
}
export type SessionSnapshot = { mode: SessionMode; messages: TranscriptMessage[]; approvals: ApprovalState[] } | null;

interface Feed {
  reader: CoalescedReader<SessionSnapshot>;
  unsubscribe: () => void;
}

const feeds = new Map<string, Feed>();

/** Subscribes to a session's snapshots; returns `refresh` (read now) and `close`. */
export function subscribeSessionFeed(db: Database, sessionId: string, subscriber: (snapshot: SessionSnapshot) => void) {
  let feed = feeds.get(sessionId);
  if (!feed) {
    const reader = coalescedReader(() => snapshotOf(db, sessionId));
    feed = { reader, unsubscribe: onSessionChange(sessionId, () => void reader.read()) };
    feeds.set(sessionId, feed);
  }
  const mine = feed;
  mine.reader.subscribers.add(subscriber);
  return {
    refresh: () => void mine.reader.read(),
    close: () => {
      mine.reader.subscribers.delete(subscriber);
      if (mine.reader.subscribers.size > 0) return;
      mine.unsubscribe();
      if (feeds.get(sessionId) === mine) feeds.delete(sessionId);
    },
  };
}

async function snapshotOf(db: Database, sessionId: string): Promise<SessionSnapshot> {
  const session = await getSession(db, sessionId);
  if (!session) return null;
  const [messages, approvals] = await Promise.all([readTranscript(db, sessionId), approvalStatesOf(db, sessionId)]);
  return { mode: session.mode, messages, approvals };
}
