import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { EnginePorts, ModelProvider } from "@/lib/engine/ports";
import { env } from "@/lib/env";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { createOpenAIProvider } from "@/lib/providers/openai";
import { createToolRunner } from "@/lib/providers/tools";

// The engine's ports as the environment configures them. No server-only import: the background
// worker threads (lib/server/background/) build the same ports as the request thread.

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

/** Offline unless OPENAI_API_KEY is set; the offline n-gram embedder for every provider. */
export function portsFromEnv(): EnginePorts {
  return {
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
