import "server-only";
import { sessionsChangedAt } from "@/db/queries/handoffs";
import type { Database } from "@/db/types";
import { loggableError } from "@/lib/server/loggable-error";
import { publishSessionChange, watchedSessionIds } from "./session-change-bus";

// Writes this process does not publish: another instance's (on PostgreSQL), and deletions (customer
// deletion, retention) that remove a session without a word. One query a second for the whole process
// (not one per stream) reads the watched sessions' `updated_at` — every turn and handoff step bumps it —
// and publishes the ones that moved or vanished. 1 s is the worst such delay; a write in this process
// publishes at once after its commit.

const POLL_MS = 1000;

interface PollState {
  timer: ReturnType<typeof setInterval> | null;
  /** Last `updated_at` seen per watched session. */
  seen: Map<string, string>;
  busy: boolean;
  failing: boolean;
}

declare global {
  var __focalSessionPoll: PollState | undefined;
}

function state(): PollState {
  globalThis.__focalSessionPoll ??= { timer: null, seen: new Map(), busy: false, failing: false };
  return globalThis.__focalSessionPoll;
}

/** Starts the poll if it is not running; it stops by itself when no stream is open. */
export function ensureCrossInstancePoll(db: Database): void {
  const poll = state();
  if (poll.timer) return;
  poll.timer = setInterval(() => void tick(db, poll), POLL_MS);
  poll.timer.unref?.();
}

async function tick(db: Database, poll: PollState): Promise<void> {
  if (poll.busy) return;
  const ids = watchedSessionIds();
  if (ids.length === 0) {
    if (poll.timer) clearInterval(poll.timer);
    poll.timer = null;
    poll.seen.clear();
    return;
  }
  poll.busy = true;
  try {
    const rows = await sessionsChangedAt(db, ids);
    const watched = new Set(ids);
    const present = new Set(rows.map((row) => row.id));
    for (const id of poll.seen.keys()) if (!watched.has(id)) poll.seen.delete(id);
    for (const id of ids) {
      if (present.has(id)) continue;
      // Deleted (customer deletion, retention): its streams read nothing, say `gone` and close.
      poll.seen.delete(id);
      publishSessionChange(id);
    }
    for (const row of rows) {
      // A session seen for the first time is published too: it may have moved since its stream read it.
      if (poll.seen.get(row.id) !== row.changedAt) publishSessionChange(row.id);
      poll.seen.set(row.id, row.changedAt);
    }
    poll.failing = false;
  } catch (error) {
    // A database blip: the next tick tries again; logged once per outage, not once a second.
    if (!poll.failing) console.warn("[session events] cross-instance poll failed", loggableError(error));
    poll.failing = true;
  } finally {
    poll.busy = false;
  }
}
