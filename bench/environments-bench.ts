import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// `BENCH_ENVIRONMENTS=1 npm run bench` (docs/environments.md): session creation with a 3-way traffic
// split against none (session_create_ms_p95_{none,split3} and their ratio), and a split's comparison
// over 1,000,000 turns (environment_comparison_p95_ms_1m) and the usage query over them
// (usage_query_p95_ms_{day,version,environment}_1m), in a temporary PostgreSQL database seeded with
// INSERT … SELECT generate_series, then dropped. About 2 minutes on 2 cores.

const TIMEOUT_MS = 15 * 60_000;

export function benchEnvironments(report: Report): Promise<void> {
  return runBenchChild(report, "bench/environments/environments-bench-child.ts", TIMEOUT_MS, "environments");
}
