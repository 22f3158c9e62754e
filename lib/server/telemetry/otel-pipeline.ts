import "server-only";
import { randomBytes } from "node:crypto";
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
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import packageJson from "@/package.json";
import type { OtelConfig } from "./otel-config";

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

/**
 * Counts what the exporter delivered and what it gave up on, and knows which sends are still out: the
 * batch processor's own flush does not wait for a send its timer already started.
 */
class CountingExporter implements SpanExporter {
  private readonly inFlight = new Set<Promise<void>>();
  constructor(
    private readonly inner: SpanExporter,
    private readonly counters: OtelCounters,
  ) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    let settled = false;
    let release: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.inFlight.add(sent);
    const settle = (result: ExportResult) => {
      if (settled) return;
      settled = true;
      this.inFlight.delete(sent);
      release();
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
  /** Resolves when every send started so far has been answered or given up on. */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export interface Telemetry {
  config: OtelConfig;
  provider: BasicTracerProvider;
  exporter: CountingExporter;
  ids: TurnIdGenerator;
  counters: OtelCounters;
}

export const offCounters = (): OtelCounters => ({
  enabled: false,
  endpoint: null,
  exported: 0,
  dropped: 0,
  queued: 0,
  turns: 0,
});

/** The tracer provider over a bounded batch queue and a counting OTLP exporter, for a valid config. */
export function createTelemetry(config: OtelConfig): Telemetry {
  const counters: OtelCounters = { ...offCounters(), enabled: true, endpoint: redactedEndpoint(config.url) };
  const exporterConfig = { url: config.url, headers: config.headers, timeoutMillis: config.timeoutMs };
  const exporter =
    config.protocol === "http/json" ? new OtlpHttpJsonExporter(exporterConfig) : new OtlpProtoExporter(exporterConfig);
  const counting = new CountingExporter(exporter, counters);
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
        new BatchSpanProcessor(counting, {
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
  return { config, provider, exporter: counting, ids, counters };
}

function redactedEndpoint(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  parsed.search = "";
  return parsed.toString();
}
