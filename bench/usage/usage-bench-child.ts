import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import type { AgentRow, Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { agentUsage } from "@/lib/usage/server/agent-usage";
import { rollUpUsage } from "@/lib/usage/server/roll-up-usage";
import { percentile } from "../report";
import { seedUsageTurns } from "./seed-usage-turns";

// Run by bench/usage-bench.ts with `--conditions=react-server`. Prints `# note` and `name=value`.
// GET …/usage's query for the default 30-day window over BENCH_USAGE_TURNS (default 1,000,000) turns,
// every turn inside the window: first with nothing rolled up (every turn summed, what the endpoint did
// before the usage.rollup job existed; BENCH_USAGE_SCAN=0 skips it), then after the job rolled every
// hour again from scratch (its markers cleared first, so a kept database times the same full roll).
//
// On PostgreSQL (BENCH_USAGE_PG_URL, default the local server): a temporary database, dropped after,
// or with BENCH_USAGE_KEEP=1 the database `focal_bench_usage`, kept and reused by the next run (the
// seed takes minutes; a kept database is reseeded only when its turn count differs; BENCH_USAGE_REROLL=0
// below skips the full re-roll). Its turns age
// with it: the window drops a few per hour the database is kept. BENCH_USAGE_DB=pglite runs in an
// in-memory PGlite instead.

const TURNS = Number(process.env.BENCH_USAGE_TURNS ?? 1_000_000);
const SUFFIX = TURNS === 1_000_000 ? "1m" : `${TURNS}`;
const SERVER_URL = process.env.BENCH_USAGE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const KEEP = process.env.BENCH_USAGE_KEEP === "1";
const KEPT_NAME = "focal_bench_usage";
// The scan takes seconds: 3 samples each after one warm-up (p95 is their worst); the rolled reads take
// tens of milliseconds: 60 after 5 warm-ups, so one stall of the shared machine is not the p95.
const SCAN = { samples: 3, warmUp: 1 };
const ROLLED = { samples: 60, warmUp: 5 };
// BENCH_USAGE_REROLL=0 on a kept database: keep its rolled hours (the job rolls only the new ones) and
// print no usage_rollup_ms, to time the reads alone in seconds.
const REROLL = process.env.BENCH_USAGE_REROLL !== "0";
const GROUPS = ["day", "version", "environment"] as const;
const AGENT_KEY = "bench-usage";

const note = (text: string) => console.log(`# usage: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);
const ms = (n: number) => n.toFixed(1);

/** Runs SQL text outside drizzle: the seed's INSERT … SELECT never brings a row into JavaScript. */
type Exec = (text: string) => Promise<unknown>;

async function measure(db: Database, agent: AgentRow, label: string, runs: { samples: number; warmUp: number }) {
  for (const group of GROUPS) {
    const samples: number[] = [];
    for (let i = 0; i < runs.samples + runs.warmUp; i++) {
      const started = performance.now();
      const usage = await agentUsage(db, agent, { group });
      if (i >= runs.warmUp) samples.push(performance.now() - started);
      if (i === 0)
        note(
          `${label} by ${group}: ${usage.rows.length} rows, ${usage.total.turns} turns, ${usage.total.conversations} conversations, $${usage.total.cost_usd.toFixed(2)}`,
        );
    }
    note(`${label} by ${group}: p50 ${ms(percentile(samples, 50))} ms, p95 ${ms(percentile(samples, 95))} ms`);
    figure(`usage_${label}_p50_ms_${group}_${SUFFIX}`, ms(percentile(samples, 50)));
    figure(`usage_${label}_p95_ms_${group}_${SUFFIX}`, ms(percentile(samples, 95)));
  }
}

/** The bench agent with TURNS turns: imported and seeded, or found seeded in a kept database. */
async function seededAgent(db: Database, exec: Exec, count: (agentId: string) => Promise<number>) {
  let agent = await getAgentByKey(db, AGENT_KEY);
  if (agent && (await count(agent.id)) === TURNS) {
    note(`reusing ${TURNS.toLocaleString("en-US")} seeded turns`);
    return agent;
  }
  if (agent) throw new Error(`${KEPT_NAME} holds another turn count: drop it (dropdb ${KEPT_NAME}) and run again`);
  await importBundle(db, { ...demo, agent: { ...demo.agent, key: AGENT_KEY } }, SYSTEM_ACTOR, "bench");
  agent = await getAgentByKey(db, AGENT_KEY);
  if (!agent) throw new Error("bench agent missing");
  const started = performance.now();
  await seedUsageTurns(exec, agent.id, agent.configVersion, TURNS);
  note(`seeded ${TURNS.toLocaleString("en-US")} turns in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return agent;
}

async function run(db: Database, exec: Exec, count: (agentId: string) => Promise<number>) {
  const agent = await seededAgent(db, exec, count);
  // Every hour rolled again: a kept database times the same first run as a fresh one.
  if (REROLL) await exec(`delete from usage_rolled_hours where agent_id = '${agent.id}'`);
  if (process.env.BENCH_USAGE_SCAN !== "0") await measure(db, agent, "scan", SCAN);
  const started = performance.now();
  let hours = 0;
  for (let run = 0; run < 50; run++) {
    const rolled = (await rollUpUsage(db)).hours_rolled;
    if (rolled === 0) break;
    hours += rolled;
  }
  const rollupMs = performance.now() - started;
  note(`usage.rollup: ${hours} hours in ${ms(rollupMs)} ms`);
  if (REROLL) figure(`usage_rollup_ms_${SUFFIX}`, ms(rollupMs));
  // What autovacuum does on a server soon after: the index-only scans need the visibility map.
  await exec("vacuum analyze");
  await measure(db, agent, "rolled", ROLLED);
}

async function onPglite() {
  note("in-memory PGlite");
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    // PGlite's client under drizzle: the seed's SQL runs there whole.
    const client = (handle.db as unknown as { $client: { exec(text: string): Promise<unknown> } }).$client;
    const exec = (text: string) => client.exec(text);
    await run(handle.db, exec, async () => 0);
  } finally {
    await handle.close();
  }
}

async function onPostgres() {
  const name = KEEP ? KEPT_NAME : `focal_bench_usage_${Math.random().toString(16).slice(2, 10)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  const exists = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists.length === 0) await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  note(`PostgreSQL, database ${name}${KEEP ? " (kept)" : ""}`);
  try {
    const handle = await openDatabase({ url: url.toString(), maxConnections: 2 });
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const count = async (agentId: string) =>
      Number((await sql`select count(*)::int as n from turns where agent_id = ${agentId}`)[0]?.n);
    try {
      await run(handle.db, (text) => sql.unsafe(text), count);
    } finally {
      await sql.end({ timeout: 5 });
      await handle.close();
    }
  } finally {
    if (!KEEP) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

(process.env.BENCH_USAGE_DB === "pglite" ? onPglite() : onPostgres()).catch((error) => {
  console.error(error);
  process.exit(1);
});
