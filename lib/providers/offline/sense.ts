import type { SenseRequest, SensorOutput } from "@/lib/engine/contracts/model";
import { senseLocally } from "@/lib/engine/stages/sensor/local-sensor";
import { embedText } from "./embedder";

// The offline sensor is the engine's local sensor (lib/engine/stages/sensor/local-sensor.ts) over the
// offline embedder's vectors: the same Context the engine decides locally when it is confident, so a
// turn reads the same whether the engine skipped the sensor call or made it to this provider.

export { AMBIGUITY_MARGIN } from "@/lib/engine/stages/sensor/local-sensor";
export { isExitRequest, isHypothetical, isNonActionable } from "@/lib/engine/stages/sensor/message-phrases";

/** The dimension of the engine's default embedder (createOfflineEmbedder()), so scores match the engine's. */
const DIM = 256;
const MAX_CACHED = 4000;
const cache = new Map<string, Float32Array>();

function vectorOf(text: string): Float32Array {
  let vector = cache.get(text);
  if (!vector) {
    if (cache.size >= MAX_CACHED) cache.clear();
    vector = embedText(text, DIM);
    cache.set(text, vector);
  }
  return vector;
}

export function offlineSense(request: SenseRequest): SensorOutput {
  return senseLocally(request, vectorOf).context;
}
