import type { SenseRequest, SensorOutput } from "@/lib/engine/contracts/model";
import { senseLocally } from "@/lib/engine/stages/sensor/local-sensor";
import { cachedSparseVector, cachedVector, type OfflineVectors } from "./embedder";

// The offline sensor is the engine's local sensor (lib/engine/stages/sensor/local-sensor.ts) over the
// offline embedder's vectors: the same Context the engine decides locally when it is confident, so a
// turn reads the same whether the engine skipped the sensor call or made it to this provider.

export { AMBIGUITY_MARGIN } from "@/lib/engine/stages/sensor/local-sensor";
export { isExitRequest, isHypothetical, isNonActionable } from "@/lib/engine/stages/sensor/message-phrases";

/**
 * The dimension of the word-vector embedder's lexical half (createWordVectorEmbedder()), so scores match
 * the engine's; the default lexical embedder hands the sensor its sparse vectors (`embedSparse`).
 */
const DIM = 256;

/** `vectors` names the offline embedder the engine runs with, so the local and the model sensor agree. */
export function offlineSense(request: SenseRequest, vectors: OfflineVectors = "lexical"): SensorOutput {
  const vectorOf = vectors === "lexical" ? cachedSparseVector : (text: string) => cachedVector(text, DIM, vectors);
  return senseLocally(request, vectorOf).context;
}
