import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as revealRoute } from "@/app/api/v1/sessions/[id]/pii/reveal/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents } from "@/db/schema";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { createOfflineProvider } from "@/lib/providers/offline";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { fileEnv } from "@/test/support/file-env";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithCookie, callWithKey, type RouteHandler } from "../support/route-call";

// Revealing a masked value on a trace: admins only, each reveal on the ledger without the value.

const CARD = "4111 1111 1111 1111";
const environment = fileEnv();
let app: { handle: DatabaseHandle; cookies: Record<"admin" | "operator", string> };
let writer: string;
beforeAll(async () => {
  environment.set({ FOCAL_VAULT_KEY: "c".repeat(64) });
  app = await startDemoApp(["admin", "operator"]);
  writer = await loopApiKey(app.handle, ["turns:write"]);
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await app?.handle.close();
});

async function sessionWithCard(): Promise<string> {
  overrideHostPorts({
    model: createScriptedProvider({ generate: () => generated("Noted.") }, createOfflineProvider()),
  });
  const created = await callWithKey(
    createSessionRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    writer,
    {},
  );
  const { session_id } = (await created.json()) as { session_id: string };
  const turn = await callWithKey(
    postTurnRoute as RouteHandler,
    "POST",
    `/api/v1/sessions/${session_id}/turns`,
    { id: session_id },
    writer,
    { message: `Refund order 123 to ${CARD}` },
  );
  expect(turn.status).toBe(200);
  return session_id;
}

const reveal = (sessionId: string, placeholder: string, as: { key?: string; cookie?: string }) =>
  as.key
    ? callWithKey(
        revealRoute as RouteHandler,
        "POST",
        `/api/v1/sessions/${sessionId}/pii/reveal`,
        { id: sessionId },
        as.key,
        { placeholder },
      )
    : callWithCookie(
        as.cookie ?? "",
        revealRoute as RouteHandler,
        "POST",
        `/api/v1/sessions/${sessionId}/pii/reveal`,
        { id: sessionId },
        { placeholder },
      );

describe("revealing a masked value", () => {
  it("an admin sees the value; the ledger records who revealed which placeholder, never the value", async () => {
    const sessionId = await sessionWithCard();
    const response = await reveal(sessionId, "[CARD_1]", { cookie: app.cookies.admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ placeholder: "[CARD_1]", value: CARD });
    const [event] = await app.handle.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.type, "PII_REVEALED"))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1);
    expect(event?.payload).toMatchObject({ session_id: sessionId, placeholder: "[CARD_1]" });
    expect(JSON.stringify(event)).not.toContain(CARD);
    expect(JSON.stringify(event)).not.toContain(CARD.replaceAll(" ", ""));
  });

  it("an operator and a key without pii:read are refused with 403; a key with it may reveal", async () => {
    const sessionId = await sessionWithCard();
    expect((await reveal(sessionId, "[CARD_1]", { cookie: app.cookies.operator })).status).toBe(403);
    const reader = await loopApiKey(app.handle, ["traces:read"]);
    expect((await reveal(sessionId, "[CARD_1]", { key: reader })).status).toBe(403);
    const revealer = await loopApiKey(app.handle, ["pii:read"]);
    expect((await reveal(sessionId, "[CARD_1]", { key: revealer })).status).toBe(200);
  });

  it("a reveal that finds nothing is ledgered too, with its reason and never a value", async () => {
    const sessionId = await sessionWithCard();
    const failures = () =>
      app.handle.db
        .select()
        .from(ledgerEvents)
        .where(eq(ledgerEvents.type, "PII_REVEAL_FAILED"))
        .orderBy(desc(ledgerEvents.seq));
    const before = (await failures()).length;
    expect((await reveal(sessionId, "[CARD_7]", { cookie: app.cookies.admin })).status).toBe(404);
    const missing = crypto.randomUUID();
    expect((await reveal(missing, "[CARD_1]", { cookie: app.cookies.admin })).status).toBe(404);
    const events = await failures();
    expect(events).toHaveLength(before + 2);
    expect(events[1]?.payload).toEqual({ session_id: sessionId, placeholder: "[CARD_7]", reason: "no_value" });
    expect(events[1]?.agentId).not.toBeNull();
    expect(events[1]?.actorKind).toBe("operator");
    expect(events[0]?.payload).toEqual({ session_id: missing, placeholder: "[CARD_1]", reason: "no_session" });
    expect(events[0]?.agentId).toBeNull();
    // A refused caller (403) never reaches the vault: that refusal is the wrapper's, not a reveal.
    expect((await reveal(sessionId, "[CARD_1]", { cookie: app.cookies.operator })).status).toBe(403);
    expect(await failures()).toHaveLength(before + 2);
  });

  it("a placeholder the session never had is 404, and one that is not a placeholder 422", async () => {
    const sessionId = await sessionWithCard();
    expect((await reveal(sessionId, "[CARD_7]", { cookie: app.cookies.admin })).status).toBe(404);
    expect((await reveal(sessionId, "4111", { cookie: app.cookies.admin })).status).toBe(422);
  });
});
