import "server-only";
import {
  type Attributes,
  type Context,
  type Span as OtelSpan,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} from "@opentelemetry/semantic-conventions/incubating";
import type { Span, StageName } from "@/lib/engine/contracts/turn-outcome";
import type { ModelCallKind } from "@/lib/engine/replay/tape";
import type { TimedModelCall } from "./timed-model";

// Which stage a model call of each kind belongs under.
const STAGE_OF_CALL: Record<ModelCallKind, StageName[]> = {
  sense: ["sensor"],
  generate: ["generation", "regeneration"],
  judge: ["enforcement"],
  extract: ["extraction", "enforcement"],
  select: ["continuity"],
};

/** One GenAI client span per model call, under the stage that made it; each ends when its call did. */
export function modelCallSpans(
  tracer: Tracer,
  input: { modelCalls: TimedModelCall[]; startedPerfMs: number; provider: string },
  stageSpans: { span: Span; otel: OtelSpan }[],
  rootContext: Context,
  at: (offsetMs: number) => number,
): void {
  for (const call of input.modelCalls) {
    const offset = call.startMs - input.startedPerfMs;
    const parent = stageOfCall(stageSpans, call.kind, offset);
    const attributes: Attributes = {
      [ATTR_GEN_AI_OPERATION_NAME]: "chat",
      [ATTR_GEN_AI_PROVIDER_NAME]: input.provider,
      [ATTR_GEN_AI_SYSTEM]: input.provider,
      [ATTR_GEN_AI_REQUEST_MODEL]: call.model,
      [ATTR_GEN_AI_RESPONSE_MODEL]: call.model,
      "focal.model_call.kind": call.kind,
      ...(call.usage
        ? {
            [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: call.usage.inputTokens,
            [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: call.usage.outputTokens,
          }
        : {}),
      ...(call.errorReason ? { [ATTR_ERROR_TYPE]: call.errorReason } : {}),
    };
    const otel = tracer.startSpan(
      `chat ${call.model}`,
      { kind: SpanKind.CLIENT, startTime: at(offset), attributes },
      parent ? trace.setSpan(rootContext, parent) : rootContext,
    );
    if (!call.ok) otel.setStatus({ code: SpanStatusCode.ERROR, message: call.errorReason ?? "error" });
    otel.end(at(offset + call.durationMs));
  }
}

function stageOfCall(stages: { span: Span; otel: OtelSpan }[], kind: ModelCallKind, offsetMs: number): OtelSpan | null {
  const names = STAGE_OF_CALL[kind];
  const candidates = stages.filter(({ span }) => names.includes(span.name));
  // The stage whose interval holds the call's start (1 ms slack for the two clocks), else the nearest before it.
  const holding = candidates.find(
    ({ span }) => offsetMs >= span.startOffsetMs - 1 && offsetMs <= span.startOffsetMs + span.durationMs + 1,
  );
  if (holding) return holding.otel;
  const before = candidates.filter(({ span }) => span.startOffsetMs <= offsetMs + 1).at(-1);
  return (before ?? candidates[0])?.otel ?? null;
}
