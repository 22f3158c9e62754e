import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { ledgerAnchorLeaves, ledgerEvents, sessions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { anchorLedger, latestLedgerAnchor } from "@/lib/server/ledger/anchor-ledger";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { GENESIS_HASH } from "@/lib/server/ledger/hash";
import { merkleRootRecursive } from "@/lib/server/ledger/merkle";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "../support/focal-test-app";

const SESSIONS = 50;
const TURNS_EACH = 2;
const SLOW = 60_000;

// A fresh ledger per case: the cases count chains and anchors over the whole ledger.
let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
});
afterEach(async () => {
  await handle?.close();
});

async function demoSessions(count: number): Promise<string[]> {
  const agent = await agentRow(handle);
  const created = await Promise.all(
    Array.from({ length: count }, () => createSession(handle.db, { agent, channel: "api", createdBy: "test" })),
  );
  return created.map((s) => s.id);
}

/** `turns` TURN_COMPLETED events on the session's chain, appended under its row lock as a turn does. */
async function appendTurnEvents(sessionId: string, turns: number, tag = "direct") {
  await handle.db.transaction(async (tx) => {
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for("update");
    for (let k = 0; k < turns; k++) {
      await appendLedgerEvent(tx, {
        sessionChain: sessionId,
        type: "TURN_COMPLETED",
        actor: SYSTEM_ACTOR,
        requestId: `${tag}-${sessionId}-${k}`,
        payload: { turn_id: `${tag}-${k}`, session_id: sessionId, turn_index: k },
      });
    }
  });
}

/** Sessions whose chains hold TURNS_EACH turn events each, without hosting the turns. */
async function sessionsWithTurnEvents(count: number): Promise<string[]> {
  const ids = await demoSessions(count);
  for (const id of ids) await appendTurnEvents(id, TURNS_EACH);
  return ids;
}

// Tampering bypasses the append-only triggers the way a superuser with database access could.
async function tamper(...statements: SQL[]) {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_no_update_delete`);
    await tx.execute(sql`ALTER TABLE ledger_anchor_leaves DISABLE TRIGGER ledger_anchor_leaves_no_update_delete`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_no_update_delete`);
    await tx.execute(sql`ALTER TABLE ledger_anchor_leaves ENABLE TRIGGER ledger_anchor_leaves_no_update_delete`);
  });
}

const chainOf = (chain: string) =>
  handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.chain, chain)).orderBy(asc(ledgerEvents.chainSeq));

async function expectGapFree(chain: string) {
  const rows = await chainOf(chain);
  expect(rows.map((r) => r.chainSeq)).toEqual(rows.map((_, i) => i + 1));
  expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
  for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
  return rows;
}

describe("session chains and anchors", () => {
  it(`${SESSIONS} sessions taking turns at once: each session chain gap-free, one anchor covers every head`, async () => {
    const sessionIds = await demoSessions(SESSIONS);
    await Promise.all(
      sessionIds.map(async (sessionId, i) => {
        for (let t = 0; t < TURNS_EACH; t++) {
          await hostTurn(handle.db, {
            sessionId,
            message: `session ${i} turn ${t}: how much does the blue kettle cost?`,
            actor: SYSTEM_ACTOR,
            requestId: `req-${i}-${t}`,
          });
        }
      }),
    );
    for (const sessionId of sessionIds) {
      const rows = await expectGapFree(sessionId);
      expect(rows.filter((r) => r.type === "TURN_COMPLETED")).toHaveLength(TURNS_EACH);
    }
    // Turn events never touch the global chain.
    const globalTurns = await handle.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.chain, "global"), eq(ledgerEvents.type, "TURN_COMPLETED")));
    expect(globalTurns).toEqual([]);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({
      is_intact: true,
      chains: SESSIONS + 1,
      anchors: 0,
    });

    const anchor = await anchorLedger(handle.db);
    if (!anchor) throw new Error("no anchor written");
    expect(anchor).toMatchObject({ leafCount: SESSIONS, previousAnchorSeq: null });
    const leaves = await handle.db
      .select()
      .from(ledgerAnchorLeaves)
      .where(eq(ledgerAnchorLeaves.anchorSeq, anchor.seq))
      .orderBy(asc(ledgerAnchorLeaves.chain));
    for (const sessionId of sessionIds) {
      const [head] = await handle.db
        .select()
        .from(ledgerEvents)
        .where(eq(ledgerEvents.chain, sessionId))
        .orderBy(desc(ledgerEvents.chainSeq))
        .limit(1);
      expect(leaves.find((l) => l.chain === sessionId)).toMatchObject({
        chainSeq: head?.chainSeq,
        hash: head?.hash,
        eventSeq: head?.seq,
      });
    }
    // The root is the RFC 6962 tree over the leaves in chain order.
    const ordered = [...leaves].sort((a, b) => (a.chain < b.chain ? -1 : 1));
    expect(anchor.merkleRoot).toBe(
      merkleRootRecursive(ordered.map((l) => ({ chain: l.chain, chain_seq: l.chainSeq, hash: l.hash }))),
    );
    const [event] = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.seq, anchor.seq));
    expect(event).toMatchObject({ chain: "global", type: "LEDGER_ANCHORED", hash: anchor.hash });
    expect(event?.payload).toEqual({ merkle_root: anchor.merkleRoot, leaf_count: SESSIONS, previous_anchor_seq: null });
    expect(await latestLedgerAnchor(handle.db)).toMatchObject({ seq: anchor.seq, hash: anchor.hash });
    expect(await verifyLedgerChain(handle.db)).toMatchObject({
      is_intact: true,
      broken_at: null,
      chains: SESSIONS + 1,
      anchors: 1,
      unanchored: 0,
    });
    // 100 real turns: ~15 s alone, several times that while other suites share the cores.
  }, 180_000);

  it("writes nothing when no head moved; the next anchor has only the chains that moved", async () => {
    const sessionIds = await sessionsWithTurnEvents(3);
    expect(await anchorLedger(handle.db)).toMatchObject({ leafCount: 3 });
    const before = await handle.db.select().from(ledgerEvents);
    expect(await anchorLedger(handle.db)).toBeNull();
    expect(await handle.db.select().from(ledgerEvents)).toHaveLength(before.length);

    const first = await latestLedgerAnchor(handle.db);
    const sessionId = sessionIds[0] as string;
    await hostTurn(handle.db, { sessionId, message: "one more", actor: SYSTEM_ACTOR, requestId: "req-more" });
    expect((await verifyLedgerChain(handle.db)).unanchored).toBeGreaterThan(0);
    const second = await anchorLedger(handle.db);
    expect(second).toMatchObject({ leafCount: 1, previousAnchorSeq: first?.seq });
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true, anchors: 2, unanchored: 0 });
  });

  it(
    "appends from 50 concurrent transactions holding their session locks: gap-free chains, intact",
    async () => {
      const sessionIds = await demoSessions(SESSIONS);
      await Promise.all(sessionIds.map((sessionId) => appendTurnEvents(sessionId, 3)));
      for (const sessionId of sessionIds) await expectGapFree(sessionId);
      expect(await anchorLedger(handle.db)).toMatchObject({ leafCount: SESSIONS });
      expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true, anchors: 1, unanchored: 0 });
    },
    SLOW,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "leaves a turn that commits after the anchor's snapshot to the next anchor",
    async () => {
      const sessionIds = await sessionsWithTurnEvents(3);
      // Every chain anchored, so the next anchor holds only what moves below.
      await anchorLedger(handle.db);
      const sessionId = sessionIds[1] as string;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let appended: () => void = () => {};
      const inserted = new Promise<void>((resolve) => {
        appended = resolve;
      });
      const turn = handle.db.transaction(async (tx) => {
        await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for("update");
        const event = await appendLedgerEvent(tx, {
          sessionChain: sessionId,
          type: "TURN_COMPLETED",
          actor: SYSTEM_ACTOR,
          requestId: "late",
          payload: { turn_id: "late", session_id: sessionId },
        });
        appended();
        await held;
        return event;
      });
      await inserted;
      // Another chain moves and commits, so the anchor has something to write.
      await handle.db.transaction(async (tx) => {
        await appendLedgerEvent(tx, {
          sessionChain: sessionIds[2] as string,
          type: "TURN_COMPLETED",
          actor: SYSTEM_ACTOR,
          requestId: "early",
          payload: { turn_id: "early" },
        });
      });
      const anchor = await anchorLedger(handle.db);
      expect(anchor).toMatchObject({ leafCount: 1 });
      release();
      const late = await turn;
      // The late event is not covered yet …
      expect((await verifyLedgerChain(handle.db)).unanchored).toBe(1);
      // … and the next anchor covers it.
      const next = await anchorLedger(handle.db);
      expect(next).toMatchObject({ leafCount: 1, previousAnchorSeq: anchor?.seq });
      const [leaf] = await handle.db
        .select()
        .from(ledgerAnchorLeaves)
        .where(eq(ledgerAnchorLeaves.anchorSeq, next?.seq ?? 0));
      expect(leaf).toMatchObject({ chain: sessionId, eventSeq: late.seq, hash: late.hash });
      expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true, unanchored: 0 });
    },
  );

  it("names a turn event with one byte flipped", async () => {
    const [sessionId] = await sessionsWithTurnEvents(1);
    const [victim] = (await chainOf(sessionId as string)).filter((r) => r.type === "TURN_COMPLETED");
    if (!victim) throw new Error("no turn event");
    const original = JSON.stringify(victim.payload);
    await tamper(
      sql`UPDATE ledger_events SET payload = jsonb_set(payload, '{turn_index}', '7') WHERE seq = ${victim.seq}`,
    );
    const verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, broken_at: victim.seq });
    expect(verdict.reason).toContain("was changed");
    await tamper(sql`UPDATE ledger_events SET payload = ${original}::jsonb WHERE seq = ${victim.seq}`);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("names the event after the gap when a turn event in the middle of a session chain is deleted", async () => {
    const [sessionId] = await sessionsWithTurnEvents(1);
    const rows = await chainOf(sessionId as string);
    const [first, second] = rows;
    if (!first || !second) throw new Error("chain too short");
    await tamper(sql`DELETE FROM ledger_events WHERE seq = ${first.seq}`);
    const verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, broken_at: second.seq });
    expect(verdict.reason).toContain("chain_seq 1 missing");
    await handle.db.insert(ledgerEvents).values(first);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("names an anchored head that was deleted by the seq its leaf recorded", async () => {
    // The chain's last event is the head the latest anchor covered: without the anchor its removal
    // would leave a shorter, still-valid chain.
    const [sessionId] = await sessionsWithTurnEvents(1);
    await anchorLedger(handle.db);
    const rows = await chainOf(sessionId as string);
    const head = rows[rows.length - 1];
    if (!head) throw new Error("empty chain");
    const [leaf] = await handle.db
      .select()
      .from(ledgerAnchorLeaves)
      .where(and(eq(ledgerAnchorLeaves.chain, head.chain), eq(ledgerAnchorLeaves.chainSeq, head.chainSeq)));
    expect(leaf?.eventSeq).toBe(head.seq);
    await tamper(sql`DELETE FROM ledger_events WHERE seq = ${head.seq}`);
    const verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, broken_at: head.seq });
    expect(verdict.reason).toContain("is missing");
    await handle.db.insert(ledgerEvents).values(head);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("names a forged anchor: its root rewritten, a leaf changed, a leaf dropped", { timeout: SLOW }, async () => {
    await sessionsWithTurnEvents(2);
    await anchorLedger(handle.db);
    const anchor = await latestLedgerAnchor(handle.db);
    if (!anchor) throw new Error("no anchor");
    const [event] = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.seq, anchor.seq));
    const payload = JSON.stringify(event?.payload);

    await tamper(
      sql`UPDATE ledger_events SET payload = jsonb_set(payload, '{merkle_root}', to_jsonb(${"f".repeat(64)}::text)) WHERE seq = ${anchor.seq}`,
    );
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: false, broken_at: anchor.seq });
    await tamper(sql`UPDATE ledger_events SET payload = ${payload}::jsonb WHERE seq = ${anchor.seq}`);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);

    const [leaf] = await handle.db
      .select()
      .from(ledgerAnchorLeaves)
      .where(eq(ledgerAnchorLeaves.anchorSeq, anchor.seq))
      .limit(1);
    if (!leaf) throw new Error("no leaf");
    await tamper(
      sql`UPDATE ledger_anchor_leaves SET hash = ${"0".repeat(64)} WHERE anchor_seq = ${leaf.anchorSeq} AND chain = ${leaf.chain}`,
    );
    let verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, broken_at: anchor.seq });
    expect(verdict.reason).toContain("Merkle root");
    await tamper(
      sql`UPDATE ledger_anchor_leaves SET hash = ${leaf.hash} WHERE anchor_seq = ${leaf.anchorSeq} AND chain = ${leaf.chain}`,
    );

    await tamper(sql`DELETE FROM ledger_anchor_leaves WHERE anchor_seq = ${leaf.anchorSeq} AND chain = ${leaf.chain}`);
    verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, broken_at: anchor.seq });
    await handle.db.insert(ledgerAnchorLeaves).values(leaf);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true, broken_at: null, reason: null });
  });

  it("refuses UPDATE and DELETE on the anchor leaves in the database itself", async () => {
    await sessionsWithTurnEvents(1);
    expect(await anchorLedger(handle.db)).toMatchObject({ leafCount: 1 });
    await expect(handle.db.execute(sql`UPDATE ledger_anchor_leaves SET hash = 'x'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`DELETE FROM ledger_anchor_leaves`)).rejects.toThrow();
    const session = await handle.db.select().from(ledgerEvents).where(ne(ledgerEvents.chain, "global")).limit(1);
    expect(session).toHaveLength(1);
  });
});
