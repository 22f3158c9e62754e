import type { Embedder, EnginePorts } from "@/lib/engine/ports";

// A background worker's engine turns each embed their message first, so the embedder is where a
// worker checks for live turns: it blocks its own thread (Atomics.wait, allowed off the main
// thread) until the request thread's live turns are done. At most 100 ms per call, so a steady
// stream of live turns slows background work to a crawl (about one of its turns per 100 ms)
// without stopping it; a demo turn takes about 10 ms, so a lone live turn never meets the bound.
const MAX_PAUSE_MS = 100;

function waitForLiveTurns(live: Int32Array): void {
  const deadline = performance.now() + MAX_PAUSE_MS;
  for (;;) {
    const running = Atomics.load(live, 0);
    const left = deadline - performance.now();
    if (running <= 0 || left <= 0) return;
    Atomics.wait(live, 0, running, left);
  }
}

function yieldingEmbedder(embedder: Embedder, live: Int32Array): Embedder {
  const sparse = embedder.embedSparse?.bind(embedder);
  return {
    name: embedder.name,
    embed: (texts) => {
      waitForLiveTurns(live);
      return embedder.embed(texts);
    },
    ...(sparse
      ? {
          embedSparse: (texts: string[]) => {
            waitForLiveTurns(live);
            return sparse(texts);
          },
        }
      : {}),
  };
}

/** The worker's ports, stepping aside for live turns before each embedding (`live` from live-turns.ts). */
export function yieldingToLiveTurns(ports: EnginePorts, live: Int32Array | undefined): EnginePorts {
  return live ? { ...ports, embedder: yieldingEmbedder(ports.embedder, live) } : ports;
}
