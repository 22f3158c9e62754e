import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// `BENCH_TRACES=1 npm run bench`: the traces list's server time over 1,000,000 turns (3 spans each)
// in a temporary PostgreSQL database (created, seeded with INSERT … SELECT, dropped again). About
// 2½ minutes on 2 cores, 1½–2 of them the seed. The work runs in a child with
// `--conditions=react-server`, because db/queries is server-only; its `name=value` lines become
// this report's figures and its `# …` lines its notes.

// The whole child takes ~2½ minutes here; 15 leave room for a slower disk or a busy machine.
const TIMEOUT_MS = 15 * 60_000;

export function benchTraces(report: Report): Promise<void> {
  return runBenchChild(report, "bench/traces/traces-bench-child.ts", TIMEOUT_MS, "traces");
}
