import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

/**
 * Live turns while the largest test run works (bench/background/background-load-child.ts):
 * turn_p95_ms_idle and turn_p95_ms_during_max_test_run from one run (goal: ratio ≤ 1.5),
 * health_ms_max_during_max_test_run (goal ≤ 200) and max_test_run_cancel_ms (goal ≤ 1,000).
 */
export async function benchBackground(report: Report): Promise<void> {
  await runBenchChild(report, "bench/background/background-load-child.ts", 15 * 60_000, "background load");
}
