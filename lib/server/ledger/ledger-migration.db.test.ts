import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db/client";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { ledgerEvents } from "@/db/schema";
import { anchorLedger } from "./anchor-ledger";
import { appendLedgerEvent, appendLedgerEventAlone } from "./append-ledger-event";
import { SYSTEM_ACTOR } from "./event-types";
import { GENESIS_HASH, ledgerHash } from "./hash";
import { verifyLedgerChain } from "./verify-ledger-chain";

// A ledger written before chains existed (migrations up to 0009, events hashed with their global
// seq) must verify unchanged after migration 0010 and keep growing from where it was.

const BEFORE_CHAINS = 9;
const OLD_EVENTS = 40;

let handle: DatabaseHandle;
let dropDatabase: () => Promise<void> = async () => {};
const oldFolder = fs.mkdtempSync(path.join(os.tmpdir(), "focal-migrations-before-chains-"));

async function migrateFrom(folder: string) {
  const config = { migrationsFolder: folder };
  if (handle.dialect === "pglite")
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  else await migratePostgres(handle.db as unknown as Parameters<typeof migratePostgres>[0], config);
}

beforeAll(async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.idx <= BEFORE_CHAINS);
  fs.mkdirSync(path.join(oldFolder, "meta"));
  fs.writeFileSync(path.join(oldFolder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(oldFolder, `${e.tag}.sql`));

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `focal_test_${randomBytes(6).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString(), migrate: false, maxConnections: 5 });
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    };
  } else {
    handle = await openDatabase({ dataDir: "memory://", migrate: false });
  }
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase();
  fs.rmSync(oldFolder, { recursive: true, force: true });
});

describe("migration 0010 (ledger chains)", () => {
  it("keeps a ledger written before chains intact, on the global chain, and appends after it", async () => {
    await migrateFrom(oldFolder);
    // The old append, as it was: seq = last + 1, hash over {seq, id, type, …} without a chain.
    let prevHash = GENESIS_HASH;
    for (let seq = 1; seq <= OLD_EVENTS; seq++) {
      const occurredAt = new Date(Date.UTC(2026, 0, 1, 0, 0, seq));
      const event = {
        seq,
        id: randomUUID(),
        type: "CONFIG_CHANGED",
        actor: "ops@focal.test",
        actor_kind: "operator",
        agent_id: null,
        request_id: `old-${seq}`,
        occurred_at: occurredAt.toISOString(),
        payload: { n: seq, field: "priority", nested: { b: 2, a: [3, 1] } },
      };
      const hash = ledgerHash(prevHash, event);
      await handle.db.execute(sql`
        insert into ledger_events (seq, id, type, actor, actor_kind, agent_id, request_id, occurred_at, payload, prev_hash, hash)
        values (${seq}, ${event.id}, ${event.type}, ${event.actor}, ${event.actor_kind}, null, ${event.request_id},
          ${event.occurred_at}, ${JSON.stringify(event.payload)}::jsonb, ${prevHash}, ${hash})`);
      prevHash = hash;
    }

    await migrateFrom(MIGRATIONS_FOLDER);
    const rows = await handle.db.select().from(ledgerEvents).orderBy(asc(ledgerEvents.seq));
    expect(rows).toHaveLength(OLD_EVENTS);
    expect(rows.every((r) => r.chain === "global" && r.chainSeq === r.seq)).toBe(true);
    expect(await verifyLedgerChain(handle.db)).toEqual({
      is_intact: true,
      total: OLD_EVENTS,
      broken_at: null,
      reason: null,
      chains: 1,
      anchors: 0,
      unanchored: OLD_EVENTS,
    });

    // The global chain goes on from its head; the identity starts past the old seqs.
    const next = await appendLedgerEventAlone(handle.db, {
      type: "CONFIG_CHANGED",
      actor: SYSTEM_ACTOR,
      requestId: "after",
      payload: { n: "after" },
    });
    expect(next).toMatchObject({ seq: OLD_EVENTS + 1, chain: "global", chainSeq: OLD_EVENTS + 1 });
    const sessionChain = randomUUID();
    const session = await handle.db.transaction((tx) =>
      appendLedgerEvent(tx, {
        sessionChain,
        type: "TURN_COMPLETED",
        actor: SYSTEM_ACTOR,
        requestId: "turn",
        payload: { turn_id: "t" },
      }),
    );
    expect(session).toMatchObject({ seq: OLD_EVENTS + 2, chain: sessionChain, chainSeq: 1 });
    expect(await anchorLedger(handle.db)).toMatchObject({ leafCount: 1, previousAnchorSeq: null });
    expect(await verifyLedgerChain(handle.db)).toMatchObject({
      is_intact: true,
      total: OLD_EVENTS + 3,
      chains: 2,
      anchors: 1,
      unanchored: 0,
    });
  });
});
