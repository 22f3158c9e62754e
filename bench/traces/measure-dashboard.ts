import { performance } from "node:perf_hooks";
import type { Database } from "@/db/types";
import { loadAgentDashboard } from "@/lib/server/traces/load-agent-dashboard";
import { percentile } from "../report";

// The agent page's dashboard over the biggest agent (40 % of the turns): a note beside the list's
// figures, since it reads every turn of the window (two passes) rather than one page of them.
const RUNS = 10;

export async function measureDashboard(db: Database, agentId: string, days: 7 | 14 | 30) {
  await loadAgentDashboard(db, agentId, days);
  const samples: number[] = [];
  let turns = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    turns = (await loadAgentDashboard(db, agentId, days)).turns;
    samples.push(performance.now() - t0);
  }
  return { days, turns, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
