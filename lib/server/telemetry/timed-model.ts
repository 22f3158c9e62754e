import { performance } from "node:perf_hooks";
import type { TokenUsage } from "@/lib/engine/contracts/model";
import type { ModelProvider } from "@/lib/engine/ports";

export type ModelCallKind = "sense" | "generate" | "judge" | "extract" | "select";

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
  function timed<Req, Res extends { ok: boolean; usage?: TokenUsage; model?: string; reason?: string }>(
    kind: ModelCallKind,
    call: (request: Req) => Promise<Res>,
  ) {
    return async (request: Req): Promise<Res> => {
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
    };
  }
  const model: ModelProvider = {
    name: inner.name,
    model: inner.model,
    sense: timed("sense", (r) => inner.sense(r)),
    generate: timed("generate", (r) => inner.generate(r)),
    judge: timed("judge", (r) => inner.judge(r)),
    ...(inner.extract ? { extract: timed("extract", inner.extract.bind(inner)) } : {}),
    ...(inner.select ? { select: timed("select", inner.select.bind(inner)) } : {}),
  };
  return { model, calls };
}
