import { describe, expect, it } from "vitest";
import type { Env } from "@/lib/env";
import { otelConfig, parseKeyValues } from "./otel-config";

const base = {
  OTEL_EXPORTER_OTLP_TIMEOUT: 10_000,
  OTEL_SERVICE_NAME: "focal",
  OTEL_BSP_MAX_QUEUE_SIZE: 2048,
  OTEL_BSP_SCHEDULE_DELAY: 1000,
  OTEL_SDK_DISABLED: false,
  FOCAL_OTEL_INCLUDE_TEXT: false,
} as unknown as Env;

describe("otelConfig", () => {
  it("is off without an endpoint, or when the SDK is disabled", () => {
    expect(otelConfig(base)).toEqual({ kind: "off" });
    expect(otelConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://x:4318", OTEL_SDK_DISABLED: true })).toEqual({
      kind: "off",
    });
  });

  it("appends /v1/traces to the base endpoint and takes the traces endpoint as given", () => {
    const on = otelConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "https://cloud.langfuse.com/api/public/otel/" });
    expect(on.kind === "on" && on.config.url).toBe("https://cloud.langfuse.com/api/public/otel/v1/traces");
    const traces = otelConfig({
      ...base,
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://ignored:4318",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://jaeger:4318/v1/traces",
    });
    expect(traces.kind === "on" && traces.config.url).toBe("http://jaeger:4318/v1/traces");
    expect(traces.kind === "on" && traces.config.protocol).toBe("http/protobuf");
  });

  it("names a malformed endpoint instead of throwing", () => {
    expect(otelConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "localhost 4318" })).toMatchObject({ kind: "invalid" });
    expect(otelConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "ftp://collector" })).toMatchObject({ kind: "invalid" });
  });

  it("reads OTEL_EXPORTER_OTLP_HEADERS as URL-encoded key=value pairs", () => {
    expect(parseKeyValues("Authorization=Basic%20abc%3D,x-tenant = 7,broken")).toEqual({
      Authorization: "Basic abc=",
      "x-tenant": "7",
    });
  });
});
