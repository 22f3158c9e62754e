import { performance } from "node:perf_hooks";
import type { Database } from "@/db/types";
import { loadAgentDashboard } from "@/lib/server/traces/load-agent-dashboard";
import { percentile } from "../report";

// The agent page's dashboard over the biggest agent (40 % of the turns). The first load rolls the
// window's closed days up (one scan of their turns); every later load reads the rollups and counts
// only today live: `cold` is that first load, p50/p95 the later ones.
const RUNS = 10;

export async function measureDashboard(db: Database, agentId: string, days: 7 | 14 | 30) {
  const c0 = performance.now();
  await loadAgentDashboard(db, agentId, days);
  const cold = performance.now() - c0;
  const samples: number[] = [];
  let turns = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    turns = (await loadAgentDashboard(db, agentId, days)).turns;
    samples.push(performance.now() - t0);
  }
  return { days, turns, cold, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
