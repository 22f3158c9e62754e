import "server-only";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { EnginePorts, ModelProvider } from "@/lib/engine/ports";
import { env } from "@/lib/env";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { createOpenAIProvider } from "@/lib/providers/openai";
import { createToolRunner } from "@/lib/providers/tools";

const slot = globalThis as unknown as { __focalPorts?: EnginePorts; __focalPortOverride?: Partial<EnginePorts> };

function modelFromEnv(): ModelProvider {
  const e = env();
  if (!e.OPENAI_API_KEY) return createOfflineProvider();
  const model = e.FOCAL_OPENAI_MODEL;
  return createOpenAIProvider({
    apiKey: e.OPENAI_API_KEY,
    baseURL: e.OPENAI_BASE_URL,
    models: { sense: model, generate: model, judge: model, extract: model },
    timeoutMs: e.FOCAL_MODEL_TIMEOUT_MS,
  });
}

/** The ports the host runs the engine with: offline unless OPENAI_API_KEY is set. */
export function hostPorts(): EnginePorts {
  if (!slot.__focalPorts) {
    slot.__focalPorts = {
      model: modelFromEnv(),
      // The offline n-gram embedder serves retrieval for every provider: deterministic and local.
      embedder: createOfflineEmbedder(),
      tools: createToolRunner({
        allowedHosts: env()
          .FOCAL_TOOL_HOSTS.split(/[\s,]+/)
          .filter(Boolean),
      }),
      clock: { now: () => new Date(), monotonicMs: () => performance.now() },
      ids: { next: (prefix) => `${prefix}_${randomUUID()}` },
    };
  }
  return { ...slot.__focalPorts, ...slot.__focalPortOverride };
}

/** Tests inject a scripted model or failing tools through the same ports the host uses. */
export function overrideHostPorts(override: Partial<EnginePorts> | undefined): void {
  slot.__focalPortOverride = override;
}
