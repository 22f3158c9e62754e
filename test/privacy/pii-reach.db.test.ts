import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/v1/agents/[key]/export/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as saveTestRoute } from "@/app/api/v1/agents/[key]/tests/route";
import { POST as handoffRoute } from "@/app/api/v1/sessions/[id]/handoff/route";
import { GET as proposeTestRoute } from "@/app/api/v1/sessions/[id]/test-proposal/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { turnTapes } from "@/db/schema";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { createOfflineProvider } from "@/lib/providers/offline";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { flushTurnTelemetry, resetTurnTelemetry } from "@/lib/server/telemetry/otel-export";
import { tablesContaining } from "../support/database-text";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// A card number, an IBAN and an e-mail address planted through turns (one run by the pipeline, one
// queued while a person has the session) are found nowhere but in the vault, sealed: not in any column
// of any table, not in a tape, not in an export, not in the OTLP payload, even with message text exported.

const CARD = "4111 1111 1111 1111";
const IBAN = "DE89 3704 0044 0532 0130 00";
const EMAIL = "planted.customer@example.org";
const QUEUED_CARD = "5555-5555-5555-4444";
const PLANTED = [
  CARD,
  CARD.replaceAll(" ", ""),
  IBAN,
  IBAN.replaceAll(" ", ""),
  EMAIL,
  QUEUED_CARD,
  "5555555555554444",
];

const saved = { ...process.env };
let handle: DatabaseHandle;
let key: string;
let server: http.Server;
const otlpBodies: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      otlpBodies.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.FOCAL_VAULT_KEY = "d".repeat(64);
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  process.env.OTEL_BSP_SCHEDULE_DELAY = "20";
  process.env.OTEL_EXPORTER_OTLP_TIMEOUT = "10000";
  process.env.FOCAL_OTEL_INCLUDE_TEXT = "true";
  await resetTurnTelemetry();
  ({ handle } = await startDemoApp([]));
  key = await loopApiKey(handle, ["admin"]);
});
afterAll(async () => {
  overrideHostPorts(undefined);
  process.env = saved;
  await resetTurnTelemetry();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle?.close();
});

const call = (handler: unknown, method: string, path: string, params: Record<string, string>, body?: unknown) =>
  callWithKey(handler as RouteHandler, method, path, params, key, body);

describe("where planted personal data ends up", () => {
  it("nowhere but the sealed vault: no table, tape, export or OTLP payload holds it", async () => {
    overrideHostPorts({
      model: createScriptedProvider(
        {
          generate: (request) =>
            generated(`I will refund [CARD_1] to [IBAN_1] and confirm to [EMAIL_1]. ${request.message.length}`),
        },
        createOfflineProvider(),
      ),
    });
    const created = await call(
      createSessionRoute,
      "POST",
      "/api/v1/agents/refund-desk/sessions",
      { key: "refund-desk" },
      {},
    );
    const { session_id: sessionId } = (await created.json()) as { session_id: string };
    const path = `/api/v1/sessions/${sessionId}/turns`;
    const turn = await call(
      postTurnRoute,
      "POST",
      path,
      { id: sessionId },
      {
        message: `Refund order 123 from card ${CARD} to ${IBAN}, mail ${EMAIL}`,
      },
    );
    expect(turn.status).toBe(200);
    const reply = ((await turn.json()) as { response: string }).response;
    expect(reply).toContain(CARD);
    expect(reply).toContain(EMAIL);

    const handoff = await call(
      handoffRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/handoff`,
      { id: sessionId },
      {
        reason: "check the refund",
      },
    );
    expect(handoff.status).toBe(201);
    const queued = await call(postTurnRoute, "POST", path, { id: sessionId }, { message: `or use ${QUEUED_CARD}` });
    expect(queued.status).toBe(200);

    const proposal = await call(proposeTestRoute, "GET", `/api/v1/sessions/${sessionId}/test-proposal`, {
      id: sessionId,
    });
    const { test } = (await proposal.json()) as { test: Record<string, unknown> };
    expect(
      (await call(saveTestRoute, "POST", "/api/v1/agents/refund-desk/tests", { key: "refund-desk" }, test)).status,
    ).toBe(201);
    const exported = await (
      await call(exportRoute, "GET", "/api/v1/agents/refund-desk/export", { key: "refund-desk" })
    ).text();
    await flushTurnTelemetry();
    const otlp = otlpBodies.join("\n");
    const tapes = JSON.stringify(await handle.db.select().from(turnTapes).where(eq(turnTapes.sessionId, sessionId)));

    expect(exported).toContain("[CARD_1]");
    expect(otlp).toContain("[CARD_1]");
    for (const value of PLANTED) {
      expect(await tablesContaining(handle, value), value).toEqual({});
      expect(tapes, value).not.toContain(value);
      expect(exported, value).not.toContain(value);
      expect(otlp, value).not.toContain(value);
    }
  });
});
