import "server-only";

// In-process "something of this session changed" signals (docs/handoffs.md#live-events). Writers
// publish after their commit; event streams re-read the session and send what is new. The bus lives on
// globalThis: each Next.js route module is its own module graph, and a write in one route must reach a
// stream opened by another.

type Listener = () => void;

interface Bus {
  listeners: Map<string, Set<Listener>>;
  /** Told of every session's change: the console's attention counts (lib/attention/server/). */
  anyListeners?: Set<(sessionId: string) => void>;
}

declare global {
  var __focalSessionBus: Bus | undefined;
}

function bus(): Bus {
  globalThis.__focalSessionBus ??= { listeners: new Map() };
  return globalThis.__focalSessionBus;
}

/** Call after the transaction that changed the session committed: a stream reading earlier would miss it. */
export function publishSessionChange(sessionId: string): void {
  const { listeners, anyListeners } = bus();
  for (const listener of listeners.get(sessionId) ?? []) listener();
  for (const listener of anyListeners ?? []) listener(sessionId);
}

/** Listens to every session's changes (not counted as watching one); returns the unsubscribe. */
export function onAnySessionChange(listener: (sessionId: string) => void): () => void {
  const state = bus();
  state.anyListeners ??= new Set();
  const set = state.anyListeners;
  set.add(listener);
  return () => set.delete(listener);
}

/** Listens to one session's changes; returns the unsubscribe. */
export function onSessionChange(sessionId: string, listener: Listener): () => void {
  const { listeners } = bus();
  let set = listeners.get(sessionId);
  if (!set) {
    set = new Set();
    listeners.set(sessionId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(sessionId) === set) listeners.delete(sessionId);
  };
}

/** The sessions some stream of this process listens to (the cross-instance poll watches these). */
export function watchedSessionIds(): string[] {
  return [...bus().listeners.keys()];
}
