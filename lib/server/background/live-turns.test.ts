import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import type { EnginePorts } from "@/lib/engine/ports";
import { createOfflineEmbedder } from "@/lib/providers/offline/embedder";
import { asLiveTurn, liveTurnCounter } from "./live-turns";
import { yieldingToLiveTurns } from "./yield-to-live-turns";

const ports = { embedder: createOfflineEmbedder() } as Pick<EnginePorts, "embedder"> as EnginePorts;

async function embedMs(live: Int32Array): Promise<number> {
  const started = performance.now();
  await yieldingToLiveTurns(ports, live).embedder.embed(["where is my refund"]);
  return performance.now() - started;
}

describe("background work and live turns", () => {
  it("counts a turn as live while it runs, and not after, even when it throws", async () => {
    const counter = liveTurnCounter();
    const seen = await asLiveTurn(async () => Atomics.load(counter, 0));
    expect(seen).toBe(1);
    await expect(
      asLiveTurn(async () => {
        throw new Error("turn failed");
      }),
    ).rejects.toThrow("turn failed");
    expect(Atomics.load(counter, 0)).toBe(0);
  });

  it("lets a worker embed at once when no live turn runs", async () => {
    expect(await embedMs(new Int32Array(new SharedArrayBuffer(4)))).toBeLessThan(50);
  });

  it("holds a worker's embedding while a live turn runs, for at most 100 ms", async () => {
    const live = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(live, 0, 1);
    const waited = await embedMs(live);
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(waited).toBeLessThan(1_000);
  });
});
