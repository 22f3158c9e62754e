import "server-only";
import {
  type Attributes,
  context,
  type Span as OtelSpan,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} from "@opentelemetry/semantic-conventions/incubating";
import type { Span, TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import packageJson from "@/package.json";
import { flattenAttributes, withoutTexts } from "./flatten-attributes";
import { modelCallSpans } from "./model-call-spans";
import type { Telemetry } from "./otel-pipeline";
import type { TimedModelCall } from "./timed-model";

/** What the host hands over after a turn is committed; spans are built from it, never from the engine. */
export interface TurnTraceInput {
  turnId: string;
  sessionId: string;
  agentKey: string;
  configVersion: number;
  turnIndex: number;
  message: string;
  outcome: TurnOutcome;
  /** Wall clock (epoch ms) and performance.now() at the turn's start, to place recorded offsets. */
  startedAtMs: number;
  startedPerfMs: number;
  latencyMs: number;
  modelCalls: TimedModelCall[];
  provider: string;
}

/** The turn's trace: a root span, one span per stage under it, and the model calls under their stages. */
export function buildTurnSpans(t: Telemetry, input: TurnTraceInput): void {
  const tracer = t.provider.getTracer("focal.turns", packageJson.version);
  const { outcome } = input;
  const texts = [input.message, outcome.response];
  const scrub = (attributes: Attributes) => (t.config.includeText ? attributes : withoutTexts(attributes, texts));
  const at = (offsetMs: number) => input.startedAtMs + offsetMs;

  const rootAttributes: Attributes = {
    "focal.turn.id": input.turnId,
    "focal.session.id": input.sessionId,
    "focal.agent.key": input.agentKey,
    "focal.config_version": input.configVersion,
    "focal.turn.index": input.turnIndex,
    "focal.turn.outcome": outcome.outcome,
    "focal.turn.regenerations": outcome.provenance.regenerations,
    "focal.turn.model_calls": outcome.modelCalls,
    "focal.turn.latency_ms": Math.round(input.latencyMs * 100) / 100,
    [ATTR_GEN_AI_PROVIDER_NAME]: input.provider,
    [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: outcome.tokens.inputTokens,
    [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: outcome.tokens.outputTokens,
    ...(outcome.fallbackReason ? { "focal.turn.fallback_reason": outcome.fallbackReason } : {}),
    ...(outcome.detectedIntent ? { "focal.turn.detected_intent": outcome.detectedIntent } : {}),
    ...(outcome.provenance.scenario ? { "focal.scenario.name": outcome.provenance.scenario.name } : {}),
    ...(t.config.includeText
      ? { "focal.turn.user_message": input.message, "focal.turn.response": outcome.response }
      : {}),
  };
  t.ids.next = input.turnId.replace(/-/g, "").toLowerCase().padEnd(32, "0").slice(0, 32);
  const root = tracer.startSpan(
    "focal.turn",
    { kind: SpanKind.SERVER, startTime: input.startedAtMs, attributes: rootAttributes, root: true },
    ROOT_CONTEXT,
  );
  if (outcome.outcome === "error") root.setStatus({ code: SpanStatusCode.ERROR, message: "engine error" });
  const rootContext = trace.setSpan(context.active(), root);

  const stageSpans: { span: Span; otel: OtelSpan }[] = [];
  for (const span of outcome.spans) {
    const attributes = scrub(
      flattenAttributes(span.attributes, "focal.stage.attributes", {
        "focal.stage.name": span.name,
        "focal.stage.status": span.status,
        "focal.stage.decision": span.decision,
        "focal.stage.start_offset_ms": span.startOffsetMs,
        "focal.stage.duration_ms": span.durationMs,
      }),
    );
    const otel = tracer.startSpan(
      span.name,
      { kind: SpanKind.INTERNAL, startTime: at(span.startOffsetMs), attributes },
      rootContext,
    );
    if (span.status === "error") otel.setStatus({ code: SpanStatusCode.ERROR, message: span.decision.slice(0, 200) });
    stageSpans.push({ span, otel });
  }

  modelCallSpans(tracer, input, stageSpans, rootContext, at);

  for (const { span, otel } of stageSpans) otel.end(at(span.startOffsetMs + span.durationMs));
  const spansEnd = Math.max(0, ...outcome.spans.map((s) => s.startOffsetMs + s.durationMs));
  root.end(at(Math.max(input.latencyMs, spansEnd)));
}
