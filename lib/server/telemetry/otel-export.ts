import "server-only";
import { randomBytes } from "node:crypto";
import {
  type Attributes,
  context,
  type Span as OtelSpan,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter as OtlpHttpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type IdGenerator,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { ATTR_ERROR_TYPE, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} from "@opentelemetry/semantic-conventions/incubating";
import type { Span, StageName, TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import packageJson from "@/package.json";
import { flattenAttributes, withoutTexts } from "./flatten-attributes";
import { type OtelConfig, otelConfig } from "./otel-config";
import type { ModelCallKind, TimedModelCall } from "./timed-model";

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

export interface OtelCounters {
  enabled: boolean;
  endpoint: string | null;
  /** Spans the collector accepted. */
  exported: number;
  /** Spans given up: the queue was full, or the collector refused or could not be reached. */
  dropped: number;
  /** Spans waiting in the queue or in an export under way. */
  queued: number;
  /** Turns whose trace was built. */
  turns: number;
}

// Which stage a model call of each kind belongs under.
const STAGE_OF_CALL: Record<ModelCallKind, StageName[]> = {
  sense: ["sensor"],
  generate: ["generation", "regeneration"],
  judge: ["enforcement"],
  extract: ["extraction", "enforcement"],
  select: ["continuity"],
};

/** The trace id is the turn id's 32 hex digits, so a trace is found in the collector by turn id. */
class TurnIdGenerator implements IdGenerator {
  next: string | null = null;
  generateTraceId(): string {
    const id = this.next ?? randomBytes(16).toString("hex");
    this.next = null;
    return id;
  }
  generateSpanId(): string {
    return randomBytes(8).toString("hex");
  }
}

/** Wraps the BatchSpanProcessor: a hard bound on spans held, counted drops beyond it. */
class BoundedProcessor implements SpanProcessor {
  constructor(
    private readonly inner: SpanProcessor,
    private readonly max: number,
    private readonly counters: OtelCounters,
  ) {}
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    if (this.counters.queued >= this.max) {
      this.counters.dropped += 1;
      return;
    }
    this.counters.queued += 1;
    this.inner.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

/** Counts what the exporter delivered and what it gave up on. */
class CountingExporter implements SpanExporter {
  constructor(
    private readonly inner: SpanExporter,
    private readonly counters: OtelCounters,
  ) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    let settled = false;
    const settle = (result: ExportResult) => {
      if (settled) return;
      settled = true;
      this.counters.queued = Math.max(0, this.counters.queued - spans.length);
      if (result.code === 0) this.counters.exported += spans.length;
      else this.counters.dropped += spans.length;
      done(result);
    };
    try {
      this.inner.export(spans, settle);
    } catch (error) {
      settle({ code: 1, error: error as Error });
    }
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

interface Telemetry {
  config: OtelConfig;
  provider: BasicTracerProvider;
  ids: TurnIdGenerator;
  counters: OtelCounters;
}

let state: Telemetry | null | undefined;
let warned = false;
const offCounters = (): OtelCounters => ({
  enabled: false,
  endpoint: null,
  exported: 0,
  dropped: 0,
  queued: 0,
  turns: 0,
});

function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  console.warn(`[otel] ${message}`);
}

/** The export pipeline, made on first use from the environment; null when export is off or misconfigured. */
function telemetry(): Telemetry | null {
  if (state !== undefined) return state;
  const result = otelConfig();
  if (result.kind === "off") {
    state = null;
    return state;
  }
  if (result.kind === "invalid") {
    warnOnce(`trace export is off: ${result.reason}. Turns are not affected.`);
    state = null;
    return state;
  }
  const { config } = result;
  const counters: OtelCounters = { ...offCounters(), enabled: true, endpoint: redactedEndpoint(config.url) };
  const exporterConfig = { url: config.url, headers: config.headers, timeoutMillis: config.timeoutMs };
  const exporter =
    config.protocol === "http/json" ? new OtlpHttpJsonExporter(exporterConfig) : new OtlpProtoExporter(exporterConfig);
  const ids = new TurnIdGenerator();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      ...config.resourceAttributes,
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_VERSION]: packageJson.version,
    }),
    idGenerator: ids,
    spanLimits: { attributeCountLimit: 256, attributeValueLengthLimit: 4096 },
    spanProcessors: [
      new BoundedProcessor(
        new BatchSpanProcessor(new CountingExporter(exporter, counters), {
          maxQueueSize: config.maxQueueSize,
          maxExportBatchSize: Math.min(512, config.maxQueueSize),
          scheduledDelayMillis: config.scheduleDelayMs,
          exportTimeoutMillis: config.timeoutMs,
        }),
        config.maxQueueSize,
        counters,
      ),
    ],
  });
  state = { config, provider, ids, counters };
  return state;
}

function redactedEndpoint(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  parsed.search = "";
  return parsed.toString();
}

/**
 * At start-up: one warning when the endpoint is malformed or nothing answers there. Never throws and
 * never waits on the network for the caller.
 */
export function startTurnTelemetry(): void {
  const t = telemetry();
  if (!t) return;
  const { url, timeoutMs } = t.config;
  void fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    signal: AbortSignal.timeout(Math.min(timeoutMs, 5000)),
  })
    .then(() => console.info(`[otel] exporting turn traces to ${t.counters.endpoint} (${t.config.protocol})`))
    .catch(() =>
      warnOnce(
        `no OTLP collector answers at ${t.counters.endpoint}; turn spans are dropped (and counted on /api/health) until one does. Turns are not affected.`,
      ),
    );
}

/** Exported and dropped span counts, for admins on /api/health. */
export function otelCounters(): OtelCounters {
  const t = telemetry();
  return t ? { ...t.counters } : offCounters();
}

/** Builds the turn's trace and hands it to the batch processor. Never throws, never waits. */
export function exportTurnTrace(input: TurnTraceInput): void {
  try {
    const t = telemetry();
    if (!t) return;
    buildTurnSpans(t, input);
    t.counters.turns += 1;
  } catch (error) {
    warnOnce(
      `a turn trace could not be built (${error instanceof Error ? error.name : "error"}); turns are not affected.`,
    );
  }
}

/** Sends what is queued (tests, shutdown); a failed export is already counted as dropped, not thrown. */
export async function flushTurnTelemetry(): Promise<void> {
  await state?.provider.forceFlush().catch(() => undefined);
}

/** Tests: drop the pipeline so the next turn reads the environment again. */
export async function resetTurnTelemetry(): Promise<void> {
  const old = state;
  state = undefined;
  warned = false;
  await old?.provider.shutdown().catch(() => undefined);
}

function buildTurnSpans(t: Telemetry, input: TurnTraceInput): void {
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

  for (const { span, otel } of stageSpans) otel.end(at(span.startOffsetMs + span.durationMs));
  const spansEnd = Math.max(0, ...outcome.spans.map((s) => s.startOffsetMs + s.durationMs));
  root.end(at(Math.max(input.latencyMs, spansEnd)));
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
