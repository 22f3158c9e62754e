import "server-only";
import { otelConfig } from "./otel-config";
import { createTelemetry, type OtelCounters, offCounters, type Telemetry } from "./otel-pipeline";
import { buildTurnSpans, type TurnTraceInput } from "./turn-spans";

// Turn traces to an OTLP collector: the export pipeline (./otel-pipeline.ts) made on first use from the
// environment, the spans of a turn (./turn-spans.ts, ./model-call-spans.ts) built after it is committed.

let state: Telemetry | null | undefined;
let warned = false;

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
  state = createTelemetry(result.config);
  return state;
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

/**
 * Sends what is queued and waits for sends already under way (tests, shutdown); a failed export is
 * already counted as dropped, not thrown.
 */
export async function flushTurnTelemetry(): Promise<void> {
  if (!state) return;
  await state.provider.forceFlush().catch(() => undefined);
  await state.exporter.settled();
}

/** Tests: drop the pipeline so the next turn reads the environment again. */
export async function resetTurnTelemetry(): Promise<void> {
  const old = state;
  state = undefined;
  warned = false;
  await old?.provider.shutdown().catch(() => undefined);
}
