import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
// biome-ignore lint/style/noRestrictedImports: the write floor copies a stored turn's rows as they are, with no query layer to measure
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
// biome-ignore lint/style/noRestrictedImports: the write floor copies a stored turn's rows as they are, with no query layer to measure
import { ledgerEvents, loopTraces, sessions, traceSpans, turns } from "@/db/schema";
import type { Database } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor, LedgerEventType } from "@/lib/server/ledger/event-types";
import { percentile } from "../report";

// The floor under a turn's persist step: the same rows one real turn writes (see
// lib/turns/server/persist-turn.ts), written with no engine, no HTTP and no other traffic.
// A stored turn of the bench agent is the template: its turn row, its trace_spans (same attributes,
// so the same JSONB sizes), its loop_traces and its ledger payload are copied under fresh ids into a
// session of their own. Runs as a child of the bench with `--conditions=react-server`, because the
// ledger module is server-only; prints one JSON line.
//
//   tsx --conditions=react-server bench/http/bare-persist.ts '{"url":"postgres://…","agentKey":"bench-desk"}'
//   tsx --conditions=react-server bench/http/bare-persist.ts '{"dataDir":"/tmp/…","agentKey":"bench-desk"}'

interface Args {
  url?: string;
  dataDir?: string;
  agentKey: string;
  samples?: number;
  warmup?: number;
}

export interface BarePersistResult {
  samples: number;
  p50_ms: number;
  p95_ms: number;
  template: { turn_id: string; outcome: string; spans: number; loops: number; span_attribute_bytes: number };
}

async function pickTemplate(db: Database, agentKey: string) {
  // The turn whose span count is the median over the agent's turns (most turns share one shape).
  const counts = await db.execute(sql`
    select t.id, t.outcome, count(s.id)::int as spans
    from turns t join agents a on a.id = t.agent_id left join trace_spans s on s.turn_id = t.id
    where a.key = ${agentKey}
    group by t.id, t.outcome, t.created_at
    order by t.created_at desc
    limit 2000`);
  const rows = (Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows) as {
    id: string;
    outcome: string;
    spans: number;
  }[];
  if (rows.length === 0) throw new Error(`no stored turn of agent ${agentKey} to copy`);
  const median = percentile(
    rows.map((r) => Number(r.spans)),
    50,
  );
  const pick = rows.find((r) => Number(r.spans) === median && r.outcome === "answered") ?? rows[0];
  if (!pick) throw new Error("no template turn");
  const [turn] = await db.select().from(turns).where(eq(turns.id, pick.id));
  if (!turn) throw new Error("template turn vanished");
  const spans = await db
    .select()
    .from(traceSpans)
    .where(eq(traceSpans.turnId, turn.id))
    .orderBy(asc(traceSpans.position));
  const loops = await db.select().from(loopTraces).where(eq(loopTraces.turnId, turn.id));
  const [event] = await db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, "TURN_COMPLETED"), sql`${ledgerEvents.payload}->>'turn_id' = ${turn.id}`))
    .orderBy(desc(ledgerEvents.seq))
    .limit(1);
  const [session] = await db.select().from(sessions).where(eq(sessions.id, turn.sessionId));
  if (!session) throw new Error("template session vanished");
  return { turn, spans, loops, event, session };
}

async function main() {
  const args = JSON.parse(process.argv[2] ?? "{}") as Args;
  const samples = args.samples ?? 200;
  const warmup = args.warmup ?? 20;
  const handle = await openDatabase({ url: args.url, dataDir: args.dataDir, migrate: false, maxConnections: 1 });
  try {
    const db = handle.db;
    const template = await pickTemplate(db, args.agentKey);
    const { turn, spans, loops, event, session } = template;
    // A session of its own, so the copies take turn indexes 0, 1, 2 … like a real conversation.
    const [own] = await db
      .insert(sessions)
      .values({ agentId: session.agentId, channel: session.channel, createdBy: "bench:bare-persist" })
      .returning({ id: sessions.id });
    if (!own) throw new Error("could not create the bench session");
    const actor: Actor = { kind: "system", name: "bench:bare-persist", id: null };
    const timings: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const turnId = randomUUID();
      const started = performance.now();
      await db.transaction(async (tx) => {
        const locked = await tx.execute(sql`select turn_count from sessions where id = ${own.id} for update`);
        const lockedRows = (Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows) as {
          turn_count: number;
        }[];
        const turnIndex = Number(lockedRows[0]?.turn_count ?? 0);
        await tx
          .update(sessions)
          .set({
            activeScenarioId: session.activeScenarioId,
            activeStepId: session.activeStepId,
            variables: session.variables,
            ruleFires: session.ruleFires,
            stepClarificationCount: session.stepClarificationCount,
            continuity: session.continuity,
            goal: session.goal,
            turnCount: turnIndex + 1,
            updatedAt: new Date(),
          })
          .where(eq(sessions.id, own.id));
        await tx.insert(turns).values({ ...turn, id: turnId, sessionId: own.id, turnIndex, createdAt: new Date() });
        if (spans.length > 0) {
          await tx
            .insert(traceSpans)
            .values(spans.map(({ id: _id, ...span }) => ({ ...span, turnId, parentSpanId: null })));
        }
        if (loops.length > 0) {
          await tx.insert(loopTraces).values(
            loops.map(({ id: _id, createdAt: _c, updatedAt: _u, ...loop }) => ({
              ...loop,
              loopId: `${loop.loopId}:bare-${turnId}`,
              turnId,
            })),
          );
        }
        // On the session's own chain, under the row lock above, as a turn's commit (commitTurn) appends.
        await appendLedgerEvent(tx, {
          sessionChain: own.id,
          type: (event?.type ?? "TURN_COMPLETED") as LedgerEventType,
          actor,
          agentId: turn.agentId,
          requestId: `bench-bare-${i}`,
          payload: { ...(event?.payload ?? {}), turn_id: turnId, session_id: own.id, turn_index: turnIndex },
        });
      });
      if (i >= warmup) timings.push(performance.now() - started);
    }
    const result: BarePersistResult = {
      samples: timings.length,
      p50_ms: percentile(timings, 50),
      p95_ms: percentile(timings, 95),
      template: {
        turn_id: turn.id,
        outcome: turn.outcome,
        spans: spans.length,
        loops: loops.length,
        span_attribute_bytes: spans.reduce((n, s) => n + JSON.stringify(s.attributes).length, 0),
      },
    };
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
