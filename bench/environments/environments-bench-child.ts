import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { splitComparison } from "@/lib/environments/server/environment-comparison";
import { createEnvironment } from "@/lib/environments/server/environment-config";
import { startSplit } from "@/lib/environments/server/split-environment";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { agentUsage } from "@/lib/usage/server/agent-usage";
import { percentile } from "../report";
import { seedSplitTurns } from "./seed-split-turns";

// Run by bench/environments-bench.ts with `--conditions=react-server`. Prints `# note` and `name=value`.
// Env: BENCH_TRACES_PG_URL (server), BENCH_ENVIRONMENT_TURNS (default 1,000,000).

const SERVER_URL = process.env.BENCH_TRACES_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TURNS = Number(process.env.BENCH_ENVIRONMENT_TURNS ?? 1_000_000);
const SUFFIX = TURNS === 1_000_000 ? "1m" : `${TURNS}`;
// 300 sessions per shape: p95 from 15 tail samples; 20 comparisons after 3 warm-ups.
const SESSIONS = 300;
const WARM_UP = 20;
const COMPARISONS = 20;

const note = (text: string) => console.log(`# environments: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);
const ctx = { actor: SYSTEM_ACTOR, requestId: "bench" };

async function newVersion(db: Database, key: string, n: number): Promise<number> {
  const agent = await getAgentByKey(db, key);
  const rule = demo.rules.find((r) => r.key === "max-refund");
  const saved = await ruleEntity.update(
    db,
    {
      agentKey: key,
      expectedVersion: agent?.configVersion ?? 0,
      actor: SYSTEM_ACTOR,
      requestId: "bench",
      policies: SAVE_POLICIES,
    },
    "max-refund",
    { ...rule, name: `Max refund ${n}` } as never,
  );
  return saved.config_version;
}

/**
 * Sessions created alternately in production (not split: one environment lookup) and in "canary" (a
 * 3-way split: the lookup, a sha256 and the arm walk), after 20 warm-up rounds, so load on the
 * machine falls on both alike.
 */
async function sessionCreateP95(db: Database, key: string): Promise<{ none: number; split: number }> {
  const agent = await getAgentByKey(db, key);
  if (!agent) throw new Error("bench agent missing");
  const samples = { production: [] as number[], canary: [] as number[] };
  for (let i = 0; i < SESSIONS + WARM_UP; i++) {
    for (const environment of ["production", "canary"] as const) {
      const t0 = performance.now();
      await createSession(db, {
        agent,
        channel: "api",
        customerRef: `${environment}-${i}`,
        createdBy: "bench",
        environment,
      });
      if (i >= WARM_UP) samples[environment].push(performance.now() - t0);
    }
  }
  return { none: percentile(samples.production, 95), split: percentile(samples.canary, 95) };
}

async function run(db: Database, sql: postgres.Sql) {
  const key = "bench-envs";
  const gateOff = { ...demo.agent.settings, testing: { tests_gate: "off" } };
  await importBundle(db, { ...demo, agent: { ...demo.agent, key, settings: gateOff } }, SYSTEM_ACTOR, "bench");
  const v1 = (await getAgentByKey(db, key))?.configVersion ?? 1;
  const v2 = await newVersion(db, key, 2);
  const v3 = await newVersion(db, key, 3);
  const agent = await getAgentByKey(db, key);
  if (!agent) throw new Error("bench agent missing");
  const arms = [
    { config_version: v1, percent: 50 },
    { config_version: v2, percent: 30 },
    { config_version: v3, percent: 20 },
  ];
  await createEnvironment(db, agent, { name: "canary", config_version: v1 }, ctx);
  await startSplit(db, agent, "canary", arms, ctx);
  const { none, split } = await sessionCreateP95(db, key);
  await startSplit(db, agent, "production", arms, ctx);
  note(`session create p95: ${none.toFixed(2)} ms unsplit, ${split.toFixed(2)} ms with a 3-way split`);
  figure("session_create_ms_p95_none", none.toFixed(2));
  figure("session_create_ms_p95_split3", split.toFixed(2));
  figure("session_create_ms_p95_split3_ratio", (split / none).toFixed(2));

  const t0 = performance.now();
  await seedSplitTurns(sql, agent.id, [v1, v2, v3], TURNS);
  note(`seeded ${TURNS.toLocaleString("en-US")} turns in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await sql.unsafe(
    `update agent_environments set split_started_at = now() - interval '8 days' where agent_id = '${agent.id}'`,
  );
  const samples: number[] = [];
  for (let i = 0; i < COMPARISONS + 3; i++) {
    const started = performance.now();
    const compared = await splitComparison(db, agent, "production");
    if (i >= 3) samples.push(performance.now() - started);
    if (i === 0) note(`arms: ${compared.arms.map((arm) => `v${arm.config_version} ${arm.turns} turns`).join(", ")}`);
  }
  note(`comparison p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`);
  figure(`environment_comparison_p95_ms_${SUFFIX}`, percentile(samples, 95).toFixed(1));
  await usageQueries(db, agent);
}

/** GET …/usage's query over the same turns: the last 30 days per day, per version and per environment. */
async function usageQueries(db: Database, agent: NonNullable<Awaited<ReturnType<typeof getAgentByKey>>>) {
  for (const group of ["day", "version", "environment"] as const) {
    const samples: number[] = [];
    for (let i = 0; i < COMPARISONS + 3; i++) {
      const started = performance.now();
      const usage = await agentUsage(db, agent, { group });
      if (i >= 3) samples.push(performance.now() - started);
      if (i === 0)
        note(
          `usage by ${group}: ${usage.rows.length} rows, ${usage.total.turns} turns, $${usage.total.cost_usd.toFixed(2)}`,
        );
    }
    note(
      `usage by ${group} p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`,
    );
    figure(`usage_query_p95_ms_${group}_${SUFFIX}`, percentile(samples, 95).toFixed(1));
  }
}

async function main() {
  const name = `focal_bench_envs_${randomBytes(4).toString("hex")}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), maxConnections: 2 });
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await run(handle.db, sql);
    } finally {
      await sql.end({ timeout: 5 });
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
