import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { agentConfigVersions, sessions, turns, turnTapes } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { DEMO_CONVERSATIONS } from "@/lib/engine/testing/demo-conversations";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { demoWithTestsGate, startTestApp } from "@/test/support/focal-test-app";
import { replayAgentSessions } from "./replay-agent-sessions";

// The sessions beforeAll plays; cases that play or delete more keep to their own.
let handle: DatabaseHandle;
const sessionIds: string[] = [];
let franceSession = "";
let returningSession = "";

async function demoAgent() {
  const agent = await agentRow(handle);
  return agent;
}

async function play(messages: readonly string[], options: { continuity?: boolean; customer?: string } = {}) {
  const session = await createSession(handle.db, {
    agent: await demoAgent(),
    channel: "api",
    customerRef: options.customer,
    continuityEnabled: options.continuity,
    createdBy: "test",
  });
  for (const message of messages) {
    await hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" });
  }
  return session.id;
}

beforeAll(async () => {
  handle = await startTestApp();
  // Saves here change max-refund on purpose; the conversation-test gate has its own tests.
  await importBundle(handle.db, demoWithTestsGate("off"), SYSTEM_ACTOR, "setup");
  for (const [i, conversation] of DEMO_CONVERSATIONS.entries()) {
    const id = await play(conversation, { continuity: i % 2 === 1 });
    sessionIds.push(id);
    if (i === 0) franceSession = id;
  }
  // A returning customer: the second session starts from the profile the first one filled.
  sessionIds.push(await play(["I'm in France and want a refund for order 123"], { customer: "cust-42" }));
  returningSession = await play(["I want my money back", "It's order 123"], { customer: "cust-42" });
  sessionIds.push(returningSession);
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

describe("turn tapes", () => {
  it("keeps one tape per turn, in the turn's transaction, with no customer text of its own", async () => {
    const stored = await handle.db.select().from(turns).where(inArray(turns.sessionId, sessionIds));
    const tapes = await handle.db.select().from(turnTapes).where(inArray(turnTapes.sessionId, sessionIds));
    expect(tapes).toHaveLength(stored.length);
    for (const turn of stored) {
      const row = tapes.find((t) => t.turnId === turn.id);
      const tape = row?.tape as unknown as TurnTape;
      expect(tape.version).toBe(1);
      expect(tape.embedder).toEqual({ name: expect.any(String), dimension: expect.any(Number) });
      expect(tape.calls.length).toBe(turn.modelCalls);
      expect(JSON.stringify(tape)).not.toContain(turn.userMessage);
    }
  });

  it("records the profile a returning customer's session starts from, and nothing for a fresh one", async () => {
    const firstTape = async (sessionId: string) => {
      const [row] = await handle.db
        .select()
        .from(turnTapes)
        .where(and(eq(turnTapes.sessionId, sessionId), eq(turnTapes.turnIndex, 0)));
      return row?.tape as unknown as TurnTape | undefined;
    };
    expect((await firstTape(returningSession))?.external?.profile).toMatchObject({ country: "France" });
    const fresh = await firstTape(franceSession);
    expect(fresh?.version).toBe(1);
    expect(fresh?.external).toBeUndefined();
  });
});

describe("replayAgentSessions", () => {
  it("reproduces every stored turn under the configuration it ran on (fidelity 1.0)", async () => {
    const report = await replayAgentSessions(handle.db, await demoAgent(), {
      target: { kind: "recorded" },
      mode: "frozen",
      sessions: { ids: sessionIds },
      includeSame: true,
    });
    const total = DEMO_CONVERSATIONS.flat().length + 3;
    expect(report.counts).toMatchObject({ turns: total, same: total, changed: 0, not_replayable: 0, diverged: 0 });
  });

  it("shows what raising max-refund to 80 would have changed, and keeps each version to replay under", async () => {
    const agent = await demoAgent();
    const rule = demo.rules.find((r) => r.key === "max-refund");
    if (!rule) throw new Error("max-refund missing");
    await ruleEntity.update(
      handle.db,
      {
        agentKey: agent.key,
        expectedVersion: agent.configVersion,
        actor: SYSTEM_ACTOR,
        requestId: "req",
        policies: SAVE_POLICIES,
      },
      "max-refund",
      { ...rule, enforcement_expression: "refund_amount <= 80" } as never,
    );
    const after = await demoAgent();
    const kept = await handle.db.select().from(agentConfigVersions);
    expect(kept.map((k) => k.configVersion).sort()).toEqual([1, 2]);

    const report = await replayAgentSessions(handle.db, after, {
      target: { kind: "current" },
      mode: "frozen",
      sessions: { ids: [franceSession] },
    });
    expect(report.counts).toMatchObject({ turns: 1, changed: 1, outcome_changes: 1, newly_unblocked: 1 });
    expect(report.turns[0]?.diff?.outcome).toEqual({ before: "regenerated", after: "answered" });

    const under1 = await replayAgentSessions(handle.db, after, {
      target: { kind: "version", version: 1 },
      mode: "frozen",
      sessions: { ids: [franceSession] },
    });
    expect(under1.counts).toMatchObject({ same: 1, changed: 0 });
  });

  it("picks the most recent sessions within the window", async () => {
    const report = await replayAgentSessions(handle.db, await demoAgent(), {
      target: { kind: "recorded" },
      mode: "frozen",
      sessions: { maxSessions: 3 },
    });
    expect(report.counts.sessions).toBe(3);
    const since = await replayAgentSessions(handle.db, await demoAgent(), {
      target: { kind: "recorded" },
      mode: "frozen",
      sessions: { since: new Date(Date.now() + 60_000) },
    });
    expect(since.counts.sessions).toBe(0);
  });

  it("refuses a session of another agent as not found, and lists a turn without a tape as not replayable", async () => {
    const agent = await demoAgent();
    await expect(
      replayAgentSessions(handle.db, agent, {
        target: { kind: "current" },
        mode: "frozen",
        sessions: { ids: ["00000000-0000-4000-8000-000000000000"] },
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const old = await play(["hello", "I want my money back"]);
    const [firstTurn] = await handle.db.select().from(turns).where(eq(turns.sessionId, old));
    await handle.db.delete(turnTapes).where(eq(turnTapes.turnId, firstTurn?.id ?? ""));
    const report = await replayAgentSessions(handle.db, agent, {
      target: { kind: "current" },
      mode: "frozen",
      sessions: { ids: [old] },
    });
    expect(report.counts).toMatchObject({ turns: 2, not_replayable: 2 });
    expect(report.turns[0]?.note).toMatch(/before turns kept their tapes/);
  });

  it("deletes tapes with their session", async () => {
    const id = await play(["I want my money back", "It's order 123"]);
    expect(await handle.db.select().from(turnTapes).where(eq(turnTapes.sessionId, id))).toHaveLength(2);
    await handle.db.delete(sessions).where(eq(sessions.id, id));
    expect(await handle.db.select().from(turnTapes).where(eq(turnTapes.sessionId, id))).toEqual([]);
  });
});
