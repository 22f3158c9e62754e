import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// `BENCH_USAGE=1 npm run bench`, or alone `BENCH_ONLY=usage` (docs/pipeline.md#reading-cost): GET
// …/usage's query for a 30-day window over 1,000,000 turns on PostgreSQL, summed from turns
// (usage_scan_p{50,95}_ms_*) and with the closed hours rolled up (usage_rolled_p{50,95}_ms_*), and the
// rollup job's first run (usage_rollup_ms). BENCH_USAGE_KEEP=1 keeps the seeded database for the next
// run; BENCH_USAGE_DB=pglite runs in PGlite (bench/usage/usage-bench-child.ts lists the switches).

const TIMEOUT_MS = 30 * 60_000;

export function benchUsage(report: Report): Promise<void> {
  return runBenchChild(report, "bench/usage/usage-bench-child.ts", TIMEOUT_MS, "usage");
}
