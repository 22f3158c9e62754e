import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { DELETE as deleteCustomerRoute } from "@/app/api/v1/customers/[customer_id]/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

let handle: DatabaseHandle;
let admin: string;
let writer: string;

type Handler = RouteHandler;
const call = callWithKey;
const remove = (customer: string, key = admin) =>
  call(deleteCustomerRoute as Handler, "DELETE", `/api/v1/customers/${customer}`, { customer_id: customer }, key);

async function converse(customer: string, messages: string[]) {
  const created = await call(
    createSessionRoute as Handler,
    "POST",
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    writer,
    {
      customer_id: customer,
    },
  );
  const { session_id } = await created.json();
  for (const message of messages) {
    const turn = await call(
      postTurnRoute as Handler,
      "POST",
      `/api/v1/sessions/${session_id}/turns`,
      { id: session_id },
      writer,
      { message },
    );
    expect(turn.status).toBe(200);
  }
}

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
  writer = await loopApiKey(handle, ["turns:write"]);
  await converse("alice@example.test", ["I'm in France and want a refund for order 123", "it arrived broken"]);
  await converse("alice@example.test", ["How much does the blue kettle cost?"]);
  await converse("bob@example.test", ["I want my money back"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("DELETE /api/v1/customers/{customer_id}", () => {
  it("deletes the customer's profile, sessions, turns, spans, tapes and stored responses, keeps others', and the ledger verifies", async () => {
    const before = await tableCounts(handle);
    const response = await remove("alice@example.test");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      profiles: 1,
      sessions: 2,
      turns: 3,
      customer_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const after = await tableCounts(handle);
    expect(after.turns).toBe((before.turns ?? 0) - 3);
    expect(after.sessions).toBe((before.sessions ?? 0) - 2);
    expect(after.customer_profiles).toBe((before.customer_profiles ?? 0) - 1);
    expect(after.turn_tapes).toBe((before.turn_tapes ?? 0) - 3);
    expect(after.trace_spans).toBeLessThan(before.trace_spans ?? 0);
    // Bob's turn and its spans are all still there, and no span lost its turn.
    expect(after.turns).toBe(1);
    expect(after.idempotency_records).toBe(1);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
    const { ledgerEvents } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const events = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.type, "CUSTOMER_DELETED"));
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain("alice");
  });

  it("answers 404 for an unknown or already deleted customer, and 403 without the admin scope, writing nothing", async () => {
    await converse("carol@example.test", ["hello"]);
    expect((await remove("carol@example.test")).status).toBe(200);
    const before = await tableCounts(handle);
    expect((await remove("carol@example.test")).status).toBe(404);
    expect((await remove("nobody@example.test")).status).toBe(404);
    expect((await remove("bob@example.test", writer)).status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });
});
