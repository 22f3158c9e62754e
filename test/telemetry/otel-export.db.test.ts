import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import {
  flushTurnTelemetry,
  otelCounters,
  resetTurnTelemetry,
  startTurnTelemetry,
} from "@/lib/server/telemetry/otel-export";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "../support/focal-test-app";
import { ORIGIN } from "../support/request-headers";

// A local OTLP/HTTP receiver (JSON encoding) in the test process: the exporter is the official one,
// the receiver only decodes what arrives.

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface Receiver {
  url: string;
  bodies: string[];
  raw: { contentType: string; body: Buffer }[];
  spans(): OtlpSpan[];
  close(): Promise<void>;
}

async function startReceiver(answerAfterMs = 0): Promise<Receiver> {
  const bodies: string[] = [];
  const raw: Receiver["raw"] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const contentType = request.headers["content-type"] ?? "";
      if (request.url === "/v1/traces") raw.push({ contentType, body });
      if (request.url === "/v1/traces" && contentType.startsWith("application/json"))
        bodies.push(body.toString("utf8"));
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      }, answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    raw,
    spans: () =>
      bodies.flatMap((b) => {
        if (b === "{}") return [];
        const parsed = JSON.parse(b) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
        return (parsed.resourceSpans ?? []).flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => s.spans ?? []));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function attr(span: OtlpSpan, key: string): unknown {
  const found = span.attributes?.find((a) => a.key === key)?.value;
  if (!found) return undefined;
  if (found.stringValue !== undefined) return found.stringValue;
  if (found.intValue !== undefined) return Number(found.intValue);
  if (found.doubleValue !== undefined) return found.doubleValue;
  if (found.boolValue !== undefined) return found.boolValue;
  return found.arrayValue;
}

const saved = { ...process.env };
async function configure(vars: Record<string, string | undefined>): Promise<void> {
  for (const key of Object.keys(process.env))
    if (key.startsWith("OTEL_") || key.startsWith("FOCAL_OTEL_")) delete process.env[key];
  for (const [key, value] of Object.entries(vars)) if (value !== undefined) process.env[key] = value;
  await resetTurnTelemetry();
}

let handle: DatabaseHandle;
let receiver: Receiver;
let adminKey: string;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  adminKey = (
    await handle.db.transaction((tx) => createApiKey(tx, { name: "ops", scopes: ["admin"] }, SYSTEM_ACTOR, "setup"))
  ).key;
  receiver = await startReceiver();
});
afterEach(async () => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  process.env = saved;
  await resetTurnTelemetry();
  await receiver?.close();
  await handle?.close();
});

const MESSAGE = "I'm in France and want a refund for order 123";

async function playTurn(message = MESSAGE) {
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  return hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" });
}

const exportVars = (url: string, extra: Record<string, string> = {}) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: url,
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
  OTEL_BSP_SCHEDULE_DELAY: "20",
  // Generous: the first export loads the serializer, and on a loaded 2-core CI run it once took over
  // 1.5 s, so the span was dropped. The collector-down test sets 1.5 s: the exporter retries until then.
  OTEL_EXPORTER_OTLP_TIMEOUT: "10000",
  ...extra,
});

describe("OpenTelemetry export of turns", () => {
  it("exports each turn as one trace: a root, a child per stage, GenAI model-call spans; no customer text", async () => {
    await configure(exportVars(receiver.url));
    // Only what this case exported: the text case before it may have sent the message on purpose.
    const bodiesBefore = receiver.bodies.length;
    const { turn } = await playTurn();
    const traceId = turn.id.replace(/-/g, "");
    // The flush also waits for a send the batch timer started before it (the first one loads the
    // serializer and may still be out).
    await flushTurnTelemetry();
    const spans = receiver.spans().filter((s) => s.traceId === traceId);
    const roots = spans.filter((s) => !s.parentSpanId);
    expect(roots).toHaveLength(1);
    const root = roots[0] as OtlpSpan;
    expect(root.name).toBe("focal.turn");
    expect(attr(root, "focal.turn.id")).toBe(turn.id);
    expect(attr(root, "focal.turn.outcome")).toBe("regenerated");

    const stages = spans.filter((s) => s.parentSpanId === root.spanId && attr(s, "focal.stage.name") !== undefined);
    expect(stages.map((s) => s.name)).toEqual(turn.spans.map((s) => s.name));
    const enforcement = stages.find((s) => s.name === "enforcement") as OtlpSpan;
    const stored = turn.spans.find((s) => s.name === "enforcement");
    expect(attr(enforcement, "focal.stage.decision")).toBe(stored?.decision);
    expect(attr(enforcement, "focal.stage.status")).toBe("ok");
    expect(typeof attr(enforcement, "focal.stage.attributes.checks")).toBe("string");
    const filtering = stages.find((s) => s.name === "filtering") as OtlpSpan;
    expect(attr(filtering, "focal.stage.attributes.considered_total")).toBeTypeOf("number");

    const calls = spans.filter((s) => attr(s, "gen_ai.operation.name") !== undefined);
    expect(calls.length).toBe(turn.modelCalls);
    const stageIds = new Set(stages.map((s) => s.spanId));
    for (const call of calls) {
      expect(stageIds.has(call.parentSpanId ?? "")).toBe(true);
      expect(attr(call, "gen_ai.operation.name")).toBe("chat");
      expect(attr(call, "gen_ai.request.model")).toBe(turn.model);
      expect(attr(call, "gen_ai.provider.name")).toBe("offline");
      expect(attr(call, "gen_ai.system")).toBe("offline");
      expect(attr(call, "gen_ai.usage.input_tokens")).toBeTypeOf("number");
      expect(attr(call, "gen_ai.usage.output_tokens")).toBeTypeOf("number");
    }
    // Each call sits under the stage that made it (the local sensor decides this turn: no sense call).
    const stageOfCall = (kind: string) =>
      calls
        .filter((c) => attr(c, "focal.model_call.kind") === kind)
        .map((c) => stages.find((s) => s.spanId === c.parentSpanId)?.name);
    expect(stageOfCall("generate").length).toBeGreaterThan(0);
    for (const stage of stageOfCall("generate")) expect(["generation", "regeneration"]).toContain(stage);
    for (const stage of stageOfCall("sense")) expect(stage).toBe("sensor");

    const everything = receiver.bodies.slice(bodiesBefore).join("\n");
    expect(everything).not.toContain(MESSAGE);
    expect(everything).not.toContain(turn.response);
    expect(otelCounters()).toMatchObject({ enabled: true, dropped: 0 });
    expect(otelCounters().exported).toBeGreaterThanOrEqual(spans.length);
  });

  it("puts the message and the reply on the root span with FOCAL_OTEL_INCLUDE_TEXT=true", async () => {
    await configure(exportVars(receiver.url, { FOCAL_OTEL_INCLUDE_TEXT: "true" }));
    const { turn } = await playTurn();
    await flushTurnTelemetry();
    const root = receiver.spans().find((s) => s.traceId === turn.id.replace(/-/g, "") && !s.parentSpanId);
    expect(root && attr(root, "focal.turn.user_message")).toBe(MESSAGE);
    expect(root && attr(root, "focal.turn.response")).toBe(turn.response);
  });

  it("sends OTLP protobuf by default (the trace id's bytes in the body)", async () => {
    const { OTEL_EXPORTER_OTLP_PROTOCOL: _json, ...vars } = exportVars(receiver.url);
    await configure(vars);
    const { turn } = await playTurn();
    await flushTurnTelemetry();
    const traceBytes = Buffer.from(turn.id.replace(/-/g, ""), "hex");
    const sent = receiver.raw.filter((r) => r.contentType === "application/x-protobuf" && r.body.includes(traceBytes));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(Buffer.concat(sent.map((r) => r.body)).includes(Buffer.from(MESSAGE))).toBe(false);
    expect(otelCounters()).toMatchObject({ dropped: 0 });
  });

  it("a flush waits for a send the batch timer started before it", async () => {
    const slow = await startReceiver(800);
    try {
      await configure(exportVars(slow.url, { OTEL_BSP_SCHEDULE_DELAY: "1" }));
      const { turn } = await playTurn();
      // The timer has taken the spans out of the batch and the send is out: the collector answers in 0.8 s.
      await vi.waitFor(() => expect(slow.raw.length).toBeGreaterThan(0), { timeout: 5000, interval: 10 });
      expect(otelCounters().exported).toBe(0);
      await flushTurnTelemetry();
      expect(otelCounters().exported).toBeGreaterThanOrEqual(turn.spans.length + 1);
    } finally {
      await slow.close();
    }
  });

  it("with the collector down the turn succeeds and the dropped counter grows; admins see it on /api/health", async () => {
    const down = await startReceiver();
    const url = down.url;
    await down.close();
    await configure(exportVars(url, { OTEL_EXPORTER_OTLP_TIMEOUT: "1500" }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    startTurnTelemetry();
    const started = performance.now();
    const { turn } = await playTurn();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(turn.outcome).toBe("regenerated");
    await flushTurnTelemetry();
    // The exporter may retry a refused connection until its timeout; then the batch counts as dropped.
    await vi.waitFor(() => expect(otelCounters().dropped).toBeGreaterThanOrEqual(turn.spans.length + 1), {
      timeout: 15_000,
      interval: 100,
    });
    const counters = otelCounters();
    expect(counters.exported).toBe(0);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1), { timeout: 6000 });
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/no OTLP collector answers/);

    const asAdmin = await healthRoute(
      new Request(`${ORIGIN}/api/health`, { headers: { authorization: `Bearer ${adminKey}` } }),
    );
    const body = (await asAdmin.json()) as { detail?: { telemetry: { otel: { dropped: number; exported: number } } } };
    expect(body.detail?.telemetry.otel.dropped).toBe(counters.dropped);
    const anonymous = (await (await healthRoute(new Request(`${ORIGIN}/api/health`))).json()) as Record<
      string,
      unknown
    >;
    expect(anonymous).not.toHaveProperty("detail");
  });

  it("a malformed endpoint warns once at start-up and leaves turns alone", async () => {
    await configure(exportVars("not a url"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    startTurnTelemetry();
    startTurnTelemetry();
    const { turn } = await playTurn();
    expect(turn.outcome).toBe("regenerated");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT is not a URL/);
    expect(otelCounters().enabled).toBe(false);
  });
});
