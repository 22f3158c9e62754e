import { performance } from "node:perf_hooks";
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
// GET …/usage's query for the default 30-day window over BENCH_USAGE_TURNS (default 1,000,000) turns
// in an in-memory PGlite, every turn inside the window: first with nothing rolled up (every turn
// summed, what the endpoint did before the usage.rollup job existed; BENCH_USAGE_SCAN=0 skips it, it
// takes minutes), then after the job.

const TURNS = Number(process.env.BENCH_USAGE_TURNS ?? 1_000_000);
const SUFFIX = TURNS === 1_000_000 ? "1m" : `${TURNS}`;
// The scan takes seconds: 3 samples each after one warm-up (p95 is their worst); the rolled reads 20
// after 3 warm-ups.
const SCAN = { samples: 3, warmUp: 1 };
const ROLLED = { samples: 20, warmUp: 3 };
const GROUPS = ["day", "version", "environment"] as const;

const note = (text: string) => console.log(`# usage: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);
const ms = (n: number) => n.toFixed(1);

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

async function main() {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    const db = handle.db;
    await importBundle(db, { ...demo, agent: { ...demo.agent, key: "bench-usage" } }, SYSTEM_ACTOR, "bench");
    const agent = await getAgentByKey(db, "bench-usage");
    if (!agent) throw new Error("bench agent missing");
    let started = performance.now();
    // PGlite's client under drizzle: the seed's SQL runs there whole, no row crossing into JavaScript.
    const client = (db as unknown as { $client: { exec(text: string): Promise<unknown> } }).$client;
    await seedUsageTurns((text) => client.exec(text), agent.id, agent.configVersion, TURNS);
    note(`seeded ${TURNS.toLocaleString("en-US")} turns in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (process.env.BENCH_USAGE_SCAN !== "0") await measure(db, agent, "scan", SCAN);
    started = performance.now();
    let hours = 0;
    for (let run = 0; run < 50; run++) {
      const rolled = (await rollUpUsage(db)).hours_rolled;
      if (rolled === 0) break;
      hours += rolled;
    }
    const rollupMs = performance.now() - started;
    note(`usage.rollup: ${hours} hours in ${ms(rollupMs)} ms`);
    figure(`usage_rollup_ms_${SUFFIX}`, ms(rollupMs));
    await measure(db, agent, "rolled", ROLLED);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
