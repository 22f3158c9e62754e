import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents } from "@/db/schema";
import { createTestDatabase } from "@/test/support/test-database";
import { appendLedgerEventAlone } from "./append-ledger-event";
import { SYSTEM_ACTOR } from "./event-types";
import { GENESIS_HASH } from "./hash";
import { verifyLedgerChain } from "./verify-ledger-chain";

// A fresh database per case: the cases count the whole ledger, and the tampering ones break it.
let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(async () => {
  await handle?.close();
});

const append = (i: number) =>
  appendLedgerEventAlone(handle.db, {
    type: "CONFIG_CHANGED",
    actor: SYSTEM_ACTOR,
    requestId: `req-${i}`,
    payload: { n: i, field: "priority", nested: { b: 2, a: [3, 1] } },
  });

/** 50 CONFIG_CHANGED events appended at once: seq 1–50 on the global chain. */
const appendFifty = () => Promise.all(Array.from({ length: 50 }, (_, i) => append(i)));

// Tests that tamper bypass the append-only trigger the way a superuser with DB access could.
async function tamper(statement: ReturnType<typeof sql>) {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_no_update_delete`);
  });
}

describe("ledger", () => {
  it("starts intact and empty", async () => {
    expect(await verifyLedgerChain(handle.db)).toEqual({
      is_intact: true,
      total: 0,
      broken_at: null,
      reason: null,
      chains: 0,
      anchors: 0,
      unanchored: 0,
    });
  });

  it("makes one gap-free global chain out of 50 concurrent appends", async () => {
    await appendFifty();
    const rows = await handle.db.select().from(ledgerEvents).orderBy(ledgerEvents.seq);
    // seq is only increasing; the global chain's own position is gap-free.
    expect(rows.map((r) => r.chainSeq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.every((r) => r.chain === "global")).toBe(true);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({
      is_intact: true,
      total: 50,
      broken_at: null,
      chains: 1,
      unanchored: 50,
    });
  });

  it("hashes an event with text beyond ASCII the way the verifier does", async () => {
    // The database computes the hash over the UTF-8 bytes; names and reasons are anyone's language.
    const appended = await appendLedgerEventAlone(handle.db, {
      type: "CONFIG_CHANGED",
      actor: { kind: "operator", name: "zoë@例え.jp", id: null },
      requestId: "req-ü",
      payload: { name: "Remboursement ✓ 𝄞", note: 'quote " and \\ backslash', n: 1.5 },
    });
    expect(appended.chainSeq).toBe(1);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true, total: 1, broken_at: null });
  });

  it("refuses UPDATE and DELETE in the database itself", async () => {
    await appendFifty();
    await expect(handle.db.execute(sql`UPDATE ledger_events SET actor = 'mallory' WHERE seq = 3`)).rejects.toThrow();
    await expect(handle.db.execute(sql`DELETE FROM ledger_events WHERE seq = 3`)).rejects.toThrow();
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("names the event whose payload had one byte flipped", async () => {
    await appendFifty();
    await tamper(sql`UPDATE ledger_events SET payload = jsonb_set(payload, '{field}', '"prioritz"') WHERE seq = 17`);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: false, total: 50, broken_at: 17 });
    await tamper(sql`UPDATE ledger_events SET payload = jsonb_set(payload, '{field}', '"priority"') WHERE seq = 17`);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("names the event after the gap when a row is deleted", async () => {
    await appendFifty();
    await tamper(sql`DELETE FROM ledger_events WHERE seq = 30`);
    const verdict = await verifyLedgerChain(handle.db);
    expect(verdict).toMatchObject({ is_intact: false, total: 49, broken_at: 31 });
    expect(verdict.reason).toContain("chain_seq 30 missing");
  });
});
