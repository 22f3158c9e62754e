import "server-only";
import { type Env, env } from "@/lib/env";

export interface OtelConfig {
  /** The full traces URL (…/v1/traces). */
  url: string;
  headers: Record<string, string>;
  protocol: "http/protobuf" | "http/json";
  timeoutMs: number;
  serviceName: string;
  resourceAttributes: Record<string, string>;
  maxQueueSize: number;
  scheduleDelayMs: number;
  includeText: boolean;
}

export type OtelConfigResult =
  | { kind: "off" }
  | { kind: "invalid"; reason: string }
  | { kind: "on"; config: OtelConfig };

/**
 * The export settings from the standard OTEL_* variables (read in lib/env.ts): the traces endpoint as
 * given, or the base endpoint with /v1/traces appended, as the OTLP exporter specification says.
 */
export function otelConfig(from: Env = env()): OtelConfigResult {
  if (from.OTEL_SDK_DISABLED) return { kind: "off" };
  const traces = from.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = from.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const given = traces || base;
  if (!given) return { kind: "off" };
  let url: URL;
  try {
    url = new URL(traces ? traces : `${base?.replace(/\/+$/, "")}/v1/traces`);
  } catch {
    return {
      kind: "invalid",
      reason: `${traces ? "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT"} is not a URL`,
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { kind: "invalid", reason: `the OTLP endpoint must be http:// or https://, not ${url.protocol}` };
  }
  return {
    kind: "on",
    config: {
      url: url.toString(),
      headers: {
        ...parseKeyValues(from.OTEL_EXPORTER_OTLP_HEADERS),
        ...parseKeyValues(from.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
      },
      protocol: from.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? from.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
      timeoutMs: from.OTEL_EXPORTER_OTLP_TIMEOUT,
      serviceName: from.OTEL_SERVICE_NAME,
      resourceAttributes: parseKeyValues(from.OTEL_RESOURCE_ATTRIBUTES),
      maxQueueSize: from.OTEL_BSP_MAX_QUEUE_SIZE,
      scheduleDelayMs: from.OTEL_BSP_SCHEDULE_DELAY,
      includeText: from.FOCAL_OTEL_INCLUDE_TEXT,
    },
  };
}

/** "a=1,b=x%20y" → {a: "1", b: "x y"} (the W3C baggage-like format of OTEL_*_HEADERS). */
export function parseKeyValues(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    const raw = pair.slice(at + 1).trim();
    if (!key) continue;
    try {
      out[key] = decodeURIComponent(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}
