import { performance } from "node:perf_hooks";
// biome-ignore lint/style/noRestrictedImports: EXPLAIN ANALYZE wraps the list query's SQL, which only drizzle's sql tag can splice
import { sql as drizzleSql } from "drizzle-orm";
import type { Sql } from "postgres";
import { encodeTraceCursor } from "@/db/queries/trace-cursor";
import { firstTraceQuery, listTraces, type TraceFilter } from "@/db/queries/traces";
import { rowsOf } from "@/db/raw-rows";
import type { Database } from "@/db/types";
import { percentile } from "../report";

// Server time of the traces list, in-process: the same listTraces call the page makes, timed from
// call to rows. Shapes = first page / a page 200,000 rows deep × two filter pairs, on the biggest
// agent (40 % of the turns), 50 timed runs each after 5 warm-up runs.

const RUNS = 50;
const WARMUP = 5;
// 200,000 rows deep in the agent's own newest-first order: half of the 400,000 turns of a million.
const DEEP_ROWS = 200_000;

export interface ShapeResult {
  name: string;
  rows: number;
  p50: number;
  p95: number;
  plan: string;
}

interface Shape {
  name: string;
  filter: TraceFilter;
  cursor?: string;
}

async function benchAgent(sql: Sql) {
  const [agent] = await sql<{ id: string; rule_ids: string[] }[]>`
    select r.agent_id as id, r.rule_ids from bench_refs r where r.n = 1`;
  if (!agent) throw new Error("bench agent missing");
  return agent;
}

/** The cursor of the row `depth` rows into the agent's list (found once with OFFSET; the list never uses it). */
async function deepCursor(sql: Sql, agentId: string, depth: number): Promise<string | undefined> {
  const [row] = await sql<{ created_at: string; id: string }[]>`
    select created_at::text as created_at, id from turns where agent_id = ${agentId}
    order by created_at desc, id desc offset ${depth} limit 1`;
  return row ? encodeTraceCursor({ createdAt: row.created_at, id: row.id }) : undefined;
}

export async function traceShapes(
  sql: Sql,
  now: Date,
): Promise<{ agentId: string; headline: Shape[]; extra: Shape[] }> {
  const agent = await benchAgent(sql);
  const hardRule = agent.rule_ids[0] ?? "";
  const rareRule = agent.rule_ids[19] ?? "";
  // A smaller seed (BENCH_TRACES_TURNS) goes half-way down instead.
  const [count] = await sql<{ n: number }[]>`select count(*)::int as n from turns where agent_id = ${agent.id}`;
  const cursor = await deepCursor(sql, agent.id, Math.min(DEEP_ROWS, Math.floor((count?.n ?? 0) / 2)));
  const day = 86_400_000;
  const violation: TraceFilter = { agentId: agent.id, outcome: "regenerated", violation: hardRule };
  const range: TraceFilter = {
    agentId: agent.id,
    provider: "openai",
    from: new Date(now.getTime() - 25 * day),
    to: new Date(now.getTime() - 5 * day),
  };
  return {
    agentId: agent.id,
    headline: [
      { name: "first_outcome_violation", filter: violation },
      { name: "deep_outcome_violation", filter: violation, cursor },
      { name: "first_provider_range", filter: range },
      { name: "deep_provider_range", filter: range, cursor },
    ],
    extra: [
      { name: "first_rare_rule", filter: { agentId: agent.id, firedRuleId: rareRule } },
      { name: "first_text_search", filter: { agentId: agent.id, text: "warranty" } },
      { name: "deep_text_search", filter: { agentId: agent.id, text: "warranty" }, cursor },
    ],
  };
}

/** The plan of the page's first query (the probe, for filtered pages), root to scans, on one line. */
async function planOf(db: Database, shape: Shape): Promise<string> {
  // Through drizzle, so the parameters are bound exactly as listTraces binds them.
  const query = firstTraceQuery(db, shape.filter, { cursor: shape.cursor });
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(drizzleSql`explain (analyze, costs off, timing off) ${query}`),
  );
  return rows
    .map((r) =>
      String(r["QUERY PLAN"])
        .trim()
        .replace(/^->\s+/, ""),
    )
    .filter((line) => /Scan|Sort|BitmapAnd|Index Cond|Rows Removed|Execution Time/.test(line))
    .join(" | ");
}

export async function measureShape(db: Database, shape: Shape): Promise<ShapeResult> {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++) await listTraces(db, shape.filter, { cursor: shape.cursor });
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const page = await listTraces(db, shape.filter, { cursor: shape.cursor });
    samples.push(performance.now() - t0);
    rows = page.rows.length;
  }
  return {
    name: shape.name,
    rows,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    plan: await planOf(db, shape),
  };
}
