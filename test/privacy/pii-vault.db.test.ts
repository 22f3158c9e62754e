import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { DELETE as deleteCustomerRoute } from "@/app/api/v1/customers/[customer_id]/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { piiVaultEntries, sessions, turns } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { applyRetention } from "@/lib/customers/server/apply-retention";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { createOfflineProvider } from "@/lib/providers/offline";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { fileEnv } from "@/test/support/file-env";
import { startTestApp } from "../support/focal-test-app";
import { callWithKey, type RouteHandler } from "../support/route-call";

// The session's PII vault through the turns route: the customer gets real values back, the database
// keeps placeholders and sealed values, a wrong key leaves placeholders in place.

const KEY_A = "a".repeat(64);
const KEY_B = "b".repeat(64);
const CARD = "4111 1111 1111 1111";
const OTHER_CARD = "5555 5555 5555 4444";

let handle: DatabaseHandle;
let key: string;
const savedKey = process.env.FOCAL_VAULT_KEY;
const environment = fileEnv();
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write", "admin"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
});
afterEach(() => {
  overrideHostPorts(undefined);
  environment.set({ FOCAL_VAULT_KEY: savedKey });
  vi.restoreAllMocks();
});
afterAll(async () => {
  await handle?.close();
});

/** The model echoes every placeholder of the message it was given, so the reply carries them. */
function echoingModel() {
  return createScriptedProvider(
    {
      generate: (request) => {
        const placeholders = request.message.match(/\[[A-Z_]+_\d+\]/g) ?? [];
        return generated(`Noted: ${placeholders.join(" and ") || "nothing"}.`);
      },
    },
    createOfflineProvider(),
  );
}

async function newSession(customerId?: string): Promise<string> {
  const body = customerId ? { customer_id: customerId } : {};
  const response = await callWithKey(
    createSessionRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    key,
    body,
  );
  return ((await response.json()) as { session_id: string }).session_id;
}

async function say(sessionId: string, message: string): Promise<{ response: string; turn_id: string }> {
  const response = await callWithKey(
    postTurnRoute as RouteHandler,
    "POST",
    `/api/v1/sessions/${sessionId}/turns`,
    { id: sessionId },
    key,
    { message },
  );
  expect(response.status).toBe(200);
  return response.json();
}

const storedTurn = async (turnId: string) => (await handle.db.select().from(turns).where(eq(turns.id, turnId)))[0];
const vaultOf = (sessionId: string) =>
  handle.db.select().from(piiVaultEntries).where(eq(piiVaultEntries.sessionId, sessionId));

describe("the PII vault", () => {
  it("sends the customer the real value, stores placeholders, and keeps one placeholder per value", async () => {
    environment.set({ FOCAL_VAULT_KEY: KEY_A });
    overrideHostPorts({ model: echoingModel() });
    const sessionId = await newSession();

    const first = await say(sessionId, `Please refund to my card ${CARD}`);
    expect(first.response).toContain(CARD);
    const stored = await storedTurn(first.turn_id);
    expect(stored?.userMessage).toBe("Please refund to my card [CARD_1]");
    expect(stored?.response).toContain("[CARD_1]");
    expect(stored?.response).not.toMatch(/4111.?1111/);

    const second = await say(sessionId, `Same card 4111-1111-1111-1111, or else ${OTHER_CARD}`);
    expect((await storedTurn(second.turn_id))?.userMessage).toBe("Same card [CARD_1], or else [CARD_2]");
    expect(second.response).toContain(OTHER_CARD);

    const entries = await vaultOf(sessionId);
    expect(entries.map((e) => e.placeholder).sort()).toEqual(["[CARD_1]", "[CARD_2]"]);
    expect(JSON.stringify(entries)).not.toMatch(/4111.?1111|5555.?5555/);
  });

  it("a message made only of a card number still runs, and its value is kept", async () => {
    environment.set({ FOCAL_VAULT_KEY: KEY_A });
    overrideHostPorts({ model: echoingModel() });
    const sessionId = await newSession();
    const turn = await say(sessionId, CARD);
    expect((await storedTurn(turn.turn_id))?.userMessage).toBe("[CARD_1]");
    expect(await vaultOf(sessionId)).toHaveLength(1);
  });

  it("with the wrong key or a malformed value, the turn goes on with placeholders in place and logs a code", async () => {
    environment.set({ FOCAL_VAULT_KEY: KEY_A });
    overrideHostPorts({ model: echoingModel() });
    const sessionId = await newSession();
    await say(sessionId, `Please refund order 123 to my card ${CARD}`);
    const [entry] = await vaultOf(sessionId);
    if (!entry) throw new Error("no vault entry");
    const onFile = () =>
      createScriptedProvider({ generate: () => generated("Your card [CARD_1] is on file.") }, createOfflineProvider());

    for (const spoil of [
      async () => {
        environment.set({ FOCAL_VAULT_KEY: KEY_B });
      },
      async () => {
        environment.set({ FOCAL_VAULT_KEY: KEY_A });
        await handle.db
          .update(piiVaultEntries)
          .set({ sealed: "v1.bm90.YQ.Yg" })
          .where(eq(piiVaultEntries.id, entry.id));
      },
    ]) {
      await spoil();
      overrideHostPorts({ model: onFile() });
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const after = await say(sessionId, "Please refund order 123 to my card on file");
      expect(after.response).toBe("Your card [CARD_1] is on file.");
      const lines = JSON.stringify(logged.mock.calls);
      expect(lines).toContain("PII_VAULT_UNREADABLE");
      expect(lines).not.toContain(entry.sealed.slice(3, 20));
      expect(lines).not.toContain("bm90");
      logged.mockRestore();
    }
  });

  it("deleting the customer wipes the vault of their sessions", async () => {
    environment.set({ FOCAL_VAULT_KEY: KEY_A });
    overrideHostPorts({ model: echoingModel() });
    const customer = `cust-${crypto.randomUUID()}`;
    const sessionId = await newSession(customer);
    await say(sessionId, `card ${CARD}`);
    expect(await vaultOf(sessionId)).toHaveLength(1);
    const deleted = await callWithKey(
      deleteCustomerRoute as RouteHandler,
      "DELETE",
      `/api/v1/customers/${customer}`,
      { customer_id: customer },
      key,
    );
    expect(deleted.status).toBe(200);
    expect(await vaultOf(sessionId)).toHaveLength(0);
  });

  it("retention deletes an idle session's vault with it", async () => {
    environment.set({ FOCAL_VAULT_KEY: KEY_A });
    overrideHostPorts({ model: echoingModel() });
    const sessionId = await newSession();
    await say(sessionId, `card ${CARD}`);
    expect(await vaultOf(sessionId)).toHaveLength(1);
    const agent = await getAgentByKey(handle.db, "refund-desk");
    await updateAgentSettings(
      handle.db,
      {
        agentKey: "refund-desk",
        expectedVersion: agent?.configVersion ?? 0,
        actor: SYSTEM_ACTOR,
        requestId: "r",
        policies: SAVE_POLICIES,
      },
      { ...demo.agent.settings, retention: { sessions_days: 30 } },
    );
    await handle.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(sessions.id, sessionId));
    await applyRetention(handle.db);
    expect(await vaultOf(sessionId)).toHaveLength(0);
  });
});
