import { performance } from "node:perf_hooks";
import type { TokenUsage } from "@/lib/engine/contracts/model";
import type { ModelProvider } from "@/lib/engine/ports";
import type { ModelCallKind } from "@/lib/engine/replay/tape";
import { wrapModelCalls } from "@/lib/engine/wrap-model-calls";

/** One model call as the host saw it: when (ms on performance.now()), how long, which model, tokens. */
export interface TimedModelCall {
  kind: ModelCallKind;
  startMs: number;
  durationMs: number;
  ok: boolean;
  model: string;
  usage: TokenUsage | null;
  errorReason: string | null;
}

/**
 * Wraps a provider so each call's timing, model and token usage are written down for the trace
 * export. Host-side only: the engine sees the same provider behaviour and results.
 */
export function timedModel(inner: ModelProvider): { model: ModelProvider; calls: TimedModelCall[] } {
  const calls: TimedModelCall[] = [];
  const model = wrapModelCalls(inner, (kind, call) => async (request) => {
    const startMs = performance.now();
    const result = await call(request);
    calls.push({
      kind,
      startMs,
      durationMs: performance.now() - startMs,
      ok: result.ok,
      model: result.model ?? inner.model,
      usage: result.usage ?? null,
      errorReason: result.ok ? null : (result.reason ?? "error"),
    });
    return result;
  });
  return { model, calls };
}
