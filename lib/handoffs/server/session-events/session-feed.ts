import "server-only";
import { approvalStatesOf } from "@/db/queries/approvals";
import { getSession } from "@/db/queries/conversations";
import type { SessionMode } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import type { TranscriptMessage } from "../../handoff-schemas";
import { readTranscript } from "../session-transcript";
import { onSessionChange } from "./session-change-bus";

// One reader per watched session: a change is read once (mode and transcript) and handed to every
// stream of the session, so 200 streams on one conversation cost one read, not 200. Changes that
// arrive while a read runs are coalesced into one more read after it.

interface ApprovalState {
  id: string;
  state: Awaited<ReturnType<typeof approvalStatesOf>>[number]["state"];
  toolKey: string;
}
export type SessionSnapshot = { mode: SessionMode; messages: TranscriptMessage[]; approvals: ApprovalState[] } | null;
type Subscriber = (snapshot: SessionSnapshot) => void;

interface Feed {
  subscribers: Set<Subscriber>;
  reading: boolean;
  again: boolean;
  unsubscribe: () => void;
}

const RETRY_MS = 1000;
const feeds = new Map<string, Feed>();

/** Subscribes to a session's snapshots; returns `refresh` (read now) and `close`. */
export function subscribeSessionFeed(db: Database, sessionId: string, subscriber: Subscriber) {
  let feed = feeds.get(sessionId);
  if (!feed) {
    const created: Feed = { subscribers: new Set(), reading: false, again: false, unsubscribe: () => {} };
    created.unsubscribe = onSessionChange(sessionId, () => void read(db, sessionId, created));
    feeds.set(sessionId, created);
    feed = created;
  }
  const mine = feed;
  mine.subscribers.add(subscriber);
  return {
    refresh: () => void read(db, sessionId, mine),
    close: () => {
      mine.subscribers.delete(subscriber);
      if (mine.subscribers.size > 0) return;
      mine.unsubscribe();
      if (feeds.get(sessionId) === mine) feeds.delete(sessionId);
    },
  };
}

async function read(db: Database, sessionId: string, feed: Feed): Promise<void> {
  if (feed.reading) {
    feed.again = true;
    return;
  }
  feed.reading = true;
  try {
    do {
      feed.again = false;
      const snapshot = await snapshotOf(db, sessionId);
      for (const subscriber of [...feed.subscribers]) subscriber(snapshot);
    } while (feed.again && feed.subscribers.size > 0);
  } catch {
    // A database blip: read again in a second while someone still listens, so no change is lost.
    const retry = setTimeout(() => {
      if (feed.subscribers.size > 0) void read(db, sessionId, feed);
    }, RETRY_MS);
    retry.unref?.();
  } finally {
    feed.reading = false;
  }
}

async function snapshotOf(db: Database, sessionId: string): Promise<SessionSnapshot> {
  const session = await getSession(db, sessionId);
  if (!session) return null;
  const [messages, approvals] = await Promise.all([readTranscript(db, sessionId), approvalStatesOf(db, sessionId)]);
  return { mode: session.mode, messages, approvals };
}
