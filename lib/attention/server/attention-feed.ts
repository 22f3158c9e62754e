import "server-only";
import type { Database } from "@/db/types";
import { onAnySessionChange } from "@/lib/handoffs/server/session-events/session-change-bus";
import { type CoalescedReader, coalescedReader } from "@/lib/server/live-events/coalesced-reader";
import type { AttentionCounts } from "../attention-schemas";
import { type AttentionReach, countAttention } from "./attention-counts";

// One counter per reach (agents + operator) for every attention stream of this process: a change is
// counted once for all the streams that share a reach (one operator's tabs), not once per stream.
// Counted again 250 ms after any session of this process changes (a burst of turns costs one count),
// and every 5 s for what no publish here announces: another instance's writes on PostgreSQL, and an
// approval entering its last 5 minutes (time passes; nothing is written).

const SETTLE_MS = 250;
const TICK_MS = 5000;

type Feed = CoalescedReader<AttentionCounts>;

interface FeedState {
  feeds: Map<string, Feed>;
  tick: ReturnType<typeof setInterval> | null;
  settle: ReturnType<typeof setTimeout> | null;
  unsubscribe: (() => void) | null;
}

declare global {
  var __focalAttentionFeeds: FeedState | undefined;
}

function state(): FeedState {
  globalThis.__focalAttentionFeeds ??= { feeds: new Map(), tick: null, settle: null, unsubscribe: null };
  return globalThis.__focalAttentionFeeds;
}

const keyOf = (reach: AttentionReach) =>
  `${reach.operatorId ?? "-"}|${reach.agentIds ? [...reach.agentIds].sort().join(",") : "*"}`;

/** Subscribes to a reach's counts; returns `refresh` (count now) and `close`. */
export function subscribeAttention(db: Database, reach: AttentionReach, subscriber: (counts: AttentionCounts) => void) {
  const current = state();
  const key = keyOf(reach);
  let feed = current.feeds.get(key);
  if (!feed) {
    feed = coalescedReader(() => countAttention(db, reach));
    current.feeds.set(key, feed);
  }
  const mine = feed;
  mine.subscribers.add(subscriber);
  start(current);
  return {
    refresh: () => void mine.read(),
    close: () => {
      mine.subscribers.delete(subscriber);
      if (mine.subscribers.size === 0 && current.feeds.get(key) === mine) current.feeds.delete(key);
      if (current.feeds.size === 0) stop(current);
    },
  };
}

function start(current: FeedState): void {
  const all = () => {
    for (const feed of current.feeds.values()) void feed.read();
  };
  current.tick ??= setInterval(all, TICK_MS);
  current.tick.unref?.();
  current.unsubscribe ??= onAnySessionChange(() => {
    if (current.settle) return;
    current.settle = setTimeout(() => {
      current.settle = null;
      all();
    }, SETTLE_MS);
    current.settle.unref?.();
  });
}

function stop(current: FeedState): void {
  if (current.tick) clearInterval(current.tick);
  if (current.settle) clearTimeout(current.settle);
  current.unsubscribe?.();
  current.tick = null;
  current.settle = null;
  current.unsubscribe = null;
}
