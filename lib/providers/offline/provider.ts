import type { GenerateOutput, GenerateRequest, ModelResult, TokenUsage } from "@/lib/engine/contracts/model";
import type { ModelProvider } from "@/lib/engine/ports";
import { LOCAL_SENSE_PROVIDER_NAME } from "@/lib/engine/stages/sensor/model-sensor";
import type { OfflineVectors } from "./embedder";
import { offlineExtract } from "./extract";
import { offlineGenerate } from "./generate";
import { offlineJudge } from "./judge";
import { offlineSelect } from "./select";
import { offlineSense } from "./sense";
import { estimateTokens } from "./text";

export const OFFLINE_PROVIDER_NAME = LOCAL_SENSE_PROVIDER_NAME;
const OFFLINE_MODEL = "offline-v1";

function usage(request: unknown, output: unknown): TokenUsage {
  // No tokenizer offline: ≈ 4 characters a token, so budgets and dashboards still see plausible numbers.
  return {
    inputTokens: estimateTokens(JSON.stringify(request)),
    outputTokens: estimateTokens(typeof output === "string" ? output : JSON.stringify(output)),
  };
}

function ok<T>(request: unknown, value: T, measured: unknown = value): ModelResult<T> {
  return { ok: true, value, usage: usage(request, measured), model: OFFLINE_MODEL };
}

/**
 * The default model provider: deterministic heuristics, no network, no configuration. `vectors` names
 * the offline embedder the engine runs with (createOfflineEmbedder or createWordVectorEmbedder). Good enough to
 * demo and test every pipeline stage without network (docs/decisions.md#offline-provider-by-default);
 * never fails, so the degradation paths are exercised with the scripted provider instead.
 */
/**
 * The offline provider writes English only, so tests stay deterministic. Asked for another language, it
 * adds a note in English after the reply, naming the language a model would have written in.
 */
function withLanguageNote(request: GenerateRequest, output: GenerateOutput): GenerateOutput {
  if (!request.replyLanguage) return output;
  const note = `(The offline provider replies in English; with a model, this reply would be in ${request.replyLanguage.name}.)`;
  return { ...output, text: `${output.text}\n\n${note}` };
}

export function createOfflineProvider(vectors: OfflineVectors = "lexical"): ModelProvider {
  return {
    name: OFFLINE_PROVIDER_NAME,
    model: OFFLINE_MODEL,
    async sense(request) {
      return ok(request, offlineSense(request, vectors));
    },
    async generate(request) {
      const output = withLanguageNote(request, offlineGenerate(request));
      return ok(request, output, output.text);
    },
    async judge(request) {
      return ok(request, offlineJudge(request));
    },
    async extract(request) {
      return ok(request, offlineExtract(request));
    },
    async select(request) {
      return ok(request, offlineSelect(request));
    },
  };
}
