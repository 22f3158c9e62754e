import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// `BENCH_LEDGER=1 npm run bench`: ledger appends per second on PostgreSQL, session chains vs the
// global chain, one writer vs 50 (bench/ledger/ledger-bench-child.ts, about half a minute).

const TIMEOUT_MS = 5 * 60_000;

export function benchLedger(report: Report): Promise<void> {
  return runBenchChild(report, "bench/ledger/ledger-bench-child.ts", TIMEOUT_MS, "ledger");
}
