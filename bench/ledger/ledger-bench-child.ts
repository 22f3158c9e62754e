import { randomBytes, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
// biome-ignore lint/style/noRestrictedImports: the benchmark locks and creates its own sessions to drive the ledger alone
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
// biome-ignore lint/style/noRestrictedImports: the benchmark locks and creates its own sessions to drive the ledger alone
import { sessions } from "@/db/schema";
import type { Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { anchorLedger } from "@/lib/server/ledger/anchor-ledger";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import { type Actor, SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";

// Ledger append throughput on PostgreSQL, run by bench/ledger-bench.ts as a child with
// `--conditions=react-server` (lib/server is server-only). Each append is its own transaction shaped
// like a turn's ledger step: lock the session row (FOR UPDATE), append one TURN_COMPLETED-sized event,
// commit. Session chains: no ledger-wide lock, the row lock orders each chain. Global chain: the same
// transaction appending to the global chain under its advisory lock, as every turn did before chains.
// One writer (serial), then 50 writers on 50 sessions (concurrent_50), for BENCH_LEDGER_SECONDS each
// (default 5). Then one anchor over every session and a full verify, timed.
//
//   tsx --conditions=react-server bench/ledger/ledger-bench-child.ts
//
// Env: BENCH_LEDGER_PG_URL (server, default postgres://postgres@127.0.0.1:5432/postgres).

const SERVER_URL = process.env.BENCH_LEDGER_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_LEDGER_SECONDS ?? 5);
const WRITERS = 50;

const note = (text: string) => console.log(`# ledger: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);

const actor: Actor = { kind: "system", name: "bench:ledger", id: null };

// A TURN_COMPLETED payload as lib/engine/pipeline/finish-turn.ts writes it, plus what the turn's record (lib/turns/server/turn-record.ts) adds.
function turnPayload(sessionId: string, turnIndex: number): Record<string, unknown> {
  return {
    turn_id: randomUUID(),
    outcome: "answered",
    config_version: 1,
    fired_rule_ids: [randomUUID(), randomUUID()],
    violated_rule_ids: [],
    regenerations: 0,
    fallback_reason: null,
    session_id: sessionId,
    turn_index: turnIndex,
  };
}

async function appendOne(db: Database, agentId: string, sessionId: string, turnIndex: number, global: boolean) {
  await db.transaction(async (tx) => {
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for("update");
    await appendLedgerEvent(tx, {
      sessionChain: global ? undefined : sessionId,
      type: "TURN_COMPLETED",
      actor,
      agentId,
      requestId: `bench-${sessionId}-${turnIndex}`,
      payload: turnPayload(sessionId, turnIndex),
    });
  });
}

/** Appends per second with `writers` loops, each on its own session, for SECONDS. */
async function measure(db: Database, agentId: string, sessionIds: string[], writers: number, global: boolean) {
  const counts = new Array<number>(writers).fill(0);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const sessionId = sessionIds[w] as string;
      while (performance.now() < deadline) {
        await appendOne(db, agentId, sessionId, counts[w] ?? 0, global);
        counts[w] = (counts[w] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const total = counts.reduce((a, b) => a + b, 0);
  return { perSecond: total / elapsed, total };
}

async function main() {
  const name = `focal_bench_ledger_${randomBytes(4).toString("hex")}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  note(`database ${name}, ${SECONDS} s per figure, ${WRITERS} writers for the concurrent ones`);
  try {
    const handle = await openDatabase({ url: url.toString(), maxConnections: WRITERS + 2 });
    try {
      const db = handle.db;
      await importBundle(db, demo, SYSTEM_ACTOR, "bench");
      const agent = await getAgentByKey(db, "refund-desk");
      if (!agent) throw new Error("bench agent missing");
      const make = async (count: number) => {
        const rows = await db
          .insert(sessions)
          .values(
            Array.from({ length: count }, () => ({ agentId: agent.id, channel: "api" as const, createdBy: "bench" })),
          )
          .returning({ id: sessions.id });
        return rows.map((r) => r.id);
      };
      // Warm the pool's connections and the plans.
      const warm = await make(WRITERS);
      await measure(db, agent.id, warm, WRITERS, false).catch(() => undefined);

      const results: Record<string, number> = {};
      for (const [label, global] of [
        ["ledger", false],
        ["ledger_global", true],
      ] as const) {
        const serial = await measure(db, agent.id, await make(1), 1, global);
        const concurrent = await measure(db, agent.id, await make(WRITERS), WRITERS, global);
        results[`${label}_appends_per_s_serial`] = serial.perSecond;
        results[`${label}_appends_per_s_concurrent_50`] = concurrent.perSecond;
        note(
          `${global ? "global chain" : "session chains"}: serial ${serial.total} appends, concurrent ${concurrent.total} appends → ${(concurrent.perSecond / serial.perSecond).toFixed(1)}× serial`,
        );
      }
      for (const [key, value] of Object.entries(results)) figure(key, value.toFixed(0));

      let t = performance.now();
      const anchor = await anchorLedger(db);
      note(`anchor over ${anchor?.leafCount ?? 0} session heads: ${(performance.now() - t).toFixed(0)} ms`);
      t = performance.now();
      const verdict = await verifyLedgerChain(db);
      note(
        `verify: ${verdict.total} events in ${verdict.chains} chains, intact=${verdict.is_intact}, ${(performance.now() - t).toFixed(0)} ms`,
      );
      if (!verdict.is_intact) throw new Error(`ledger broken after the bench: ${verdict.reason}`);
      await db.execute(sql`select 1`);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
