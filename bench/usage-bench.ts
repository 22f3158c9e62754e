import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// `BENCH_USAGE=1 npm run bench` (docs/pipeline.md#reading-cost): GET …/usage's query for a 30-day
// window over 1,000,000 turns in an in-memory PGlite, summed from turns (usage_scan_p95_ms_*) and with
// the closed days rolled up (usage_rolled_p95_ms_*), and the rollup job's first run (usage_rollup_ms).

const TIMEOUT_MS = 30 * 60_000;

export function benchUsage(report: Report): Promise<void> {
  return runBenchChild(report, "bench/usage/usage-bench-child.ts", TIMEOUT_MS, "usage");
}
