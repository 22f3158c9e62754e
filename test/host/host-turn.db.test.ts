import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents, loopTraces, traceSpans, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createScriptedProvider, fail, sensed } from "@/lib/engine/testing/scripted-provider";
import { hostPorts, overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "../support/focal-test-app";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

async function newSession() {
  const agent = await agentRow(handle);
  return createSession(handle.db, { agent, channel: "api", createdBy: "test" });
}
const say = (sessionId: string, message: string) =>
  hostTurn(handle.db, { sessionId, message, actor: SYSTEM_ACTOR, requestId: "req" });

describe("hostTurn", () => {
  it("plays the France / order 123 / $75 refund example with the offline provider and stores every part", async () => {
    const session = await newSession();
    const { turn, session: after } = await say(session.id, "I'm in France and want a refund for order 123");
    expect(turn.outcome).toBe("regenerated");
    expect(turn.provenance.enforcement.violations_caught.map((v) => v.rule_key)).toContain("max-refund");
    expect(turn.provenance.rules_applied.map((r) => r.key)).toContain("max-refund");
    expect(turn.response).not.toMatch(/\$75(\.00)? refund/);
    expect(after).toMatchObject({
      turnCount: 1,
      activeScenario: { name: "Refund" },
      profile: { country: "France", order_id: "123" },
    });
    expect(after.variables.order_amount).toBe(75);

    const [row] = await handle.db.select().from(turns).where(eq(turns.id, turn.id));
    expect(row).toMatchObject({ turnIndex: 0, intentLabel: "refund_request", provider: "offline", configVersion: 1 });
    const spans = await handle.db.select().from(traceSpans).where(eq(traceSpans.turnId, turn.id));
    expect(spans.map((s) => s.name)).toContain("regeneration");
    expect(turn.spans).toHaveLength(spans.length);
    const loops = await handle.db.select().from(loopTraces).where(eq(loopTraces.turnId, turn.id));
    expect(loops.map((l) => [l.kind, l.loopId])).toEqual([
      ["turn", `turn_${turn.id}`],
      ["turn", `turn_${turn.id}_r1`],
    ]);
    const events = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.type, "TURN_COMPLETED"));
    expect(events.some((e) => e.payload.turn_id === turn.id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain("France");
  });

  it("runs 20 turns posted at once on one session one after another: consecutive indices, none lost", async () => {
    const session = await newSession();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => say(session.id, `message number ${i}: how much does the blue kettle cost?`)),
    );
    const indices = results.map((r) => r.turn.turnIndex).sort((a, b) => a - b);
    expect(indices).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const rows = await handle.db.select().from(turns).where(eq(turns.sessionId, session.id));
    expect(rows).toHaveLength(20);
    // Not interleaved: each turn's history is exactly the turns before it.
    for (const row of rows) expect(row.userMessage).toMatch(/^message number \d+/);
    const after = results.find((r) => r.turn.turnIndex === 19)?.session;
    expect(after?.turnCount).toBe(20);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it.each([["timeout"], ["rate_limited"], ["transport_error"], ["abstain"]] as const)(
    "a model %s degrades to a safe reply and the turn is stored with its reason",
    async (reason) => {
      // Every model call fails: the local sensor decides this clear turn, so generation meets the fault.
      overrideHostPorts({ model: createScriptedProvider({ sense: () => fail(reason), generate: () => fail(reason) }) });
      const session = await newSession();
      const { turn } = await say(session.id, "I want my money back");
      expect(turn).toMatchObject({ outcome: "fallback", fallbackReason: reason });
      expect(turn.response).toMatch(/^Sorry, I couldn't process that just now/);
      const [row] = await handle.db.select().from(turns).where(eq(turns.id, turn.id));
      expect(row?.fallbackReason).toBe(reason);
    },
  );

  it("an engine failure stores the message as an error turn instead of losing it", async () => {
    const ports = hostPorts();
    overrideHostPorts({
      model: createScriptedProvider(
        {
          sense: () =>
            sensed({ detected_intent: "refund_request", intent_confidence: 0.9, entities: { order_id: "123" } }),
        },
        ports.model,
      ),
      tools: {
        run: async () => {
          throw new Error("tool runner exploded");
        },
      },
    });
    const session = await newSession();
    const { turn, session: after } = await say(session.id, "refund for order 123 please");
    expect(turn.outcome).toBe("error");
    expect(after.turnCount).toBe(1);
  });

  it("with continuity on, the demo's 'open the sample2 pls' resolves without a sensor call and persists its telemetry", async () => {
    const agent = await agentRow(handle);
    const session = await createSession(handle.db, {
      agent,
      channel: "sandbox",
      createdBy: "test",
      continuityEnabled: true,
    });
    const first = await say(session.id, "I want my money back, can you show me my orders?");
    expect(first.turn.provenance.tools_called.map((t) => t.key)).toContain("lookup_order");
    const { turn, session: after } = await say(session.id, "open the sample2 pls");
    const continuity = turn.spans.find((s) => s.name === "continuity");
    expect(continuity?.attributes).toMatchObject({
      reasons: ["deterministic_continuity_resolve"],
      winner: { id: "sample2" },
    });
    expect(turn.spans.map((s) => s.name)).not.toContain("sensor");
    expect(turn.provenance.continuity).toMatchObject({ winner: { id: "sample2" } });
    expect(after.variables.order_id).toBe("sample2");
  });

  it("refuses an unknown session with 404 and writes nothing", async () => {
    const before = (await handle.db.select().from(turns)).length;
    await expect(say("00000000-0000-4000-8000-000000000000", "hello")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await handle.db.select().from(turns)).length).toBe(before);
  });
});
