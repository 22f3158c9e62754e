import "server-only";

// In-process "something of this session changed" signals (docs/handoffs.md#live-events). Writers
// publish after their commit; event streams re-read the session and send what is new. The bus lives on
// globalThis: each Next.js route module is its own module graph, and a write in one route must reach a
// stream opened by another.

type Listener = () => void;

interface Bus {
  listeners: Map<string, Set<Listener>>;
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
  for (const listener of bus().listeners.get(sessionId) ?? []) listener();
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
