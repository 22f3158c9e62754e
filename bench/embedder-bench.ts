import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { emptySessionState } from "@/lib/engine/contracts/session-state";
import { runTurn } from "@/lib/engine/pipeline/run-turn";
import type { Embedder } from "@/lib/engine/ports";
import { ROUTING_ITEMS } from "@/lib/engine/stages/sensor/corpus/routing-corpus";
import { textsToEmbed } from "@/lib/engine/stages/sensor/intent-scores";
import { testPorts } from "@/lib/engine/testing/fixed-ports";
import { createScriptedProvider } from "@/lib/engine/testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider, createWordVectorEmbedder } from "@/lib/providers/offline";
import { percentile, type Report } from "./report";

/**
 * What the local sensor's embedding costs per message: one Embedder call with the message and every
 * text it is compared with (the demo's entry examples, descriptions, labels, transitions, exit), over
 * the 210 routing-set messages as first turns. The agent's texts are embedded by the first message
 * and remembered, as in a running server; the message itself is new each time. Goal: p95 ≤ 2 ms.
 * `local_embed_ms_p95` is the word-vector embedder's (read before timing), `_lexical` the default's
 * (its `embedSparse`, what the sensor asks of it).
 */
export async function benchLocalEmbed(report: Report): Promise<void> {
  const snapshot = withModelSensor(snapshotFromBundle(demo));
  const model = createScriptedProvider({}, createOfflineProvider());
  // 128 dense buckets and no sparse vectors, so the messages the timed embedders see are not already remembered.
  const { name, embed } = createOfflineEmbedder(128);
  const recorder: Embedder = { name, embed };
  const agent = await compileAgent(snapshot, recorder);
  for (const [i, item] of ROUTING_ITEMS.entries()) {
    await runTurn(
      agent,
      emptySessionState(),
      { message: item.message, turnId: `embed-${i}` },
      testPorts(model, recorder),
    );
  }
  const requests = model.requestsOf("sense").map(textsToEmbed);
  for (const [suffix, embedder] of [
    ["", createWordVectorEmbedder()],
    ["_lexical", createOfflineEmbedder()],
  ] as [string, Embedder][]) {
    const sensorEmbed = (texts: string[]) => (embedder.embedSparse ?? embedder.embed)(texts);
    await sensorEmbed(requests[0] ?? []);
    const samples: number[] = [];
    for (const texts of requests.slice(1)) {
      const start = performance.now();
      await sensorEmbed(texts);
      samples.push(performance.now() - start);
    }
    report.figure(`local_embed_ms_p95${suffix}`, percentile(samples, 95).toFixed(3));
  }
}
