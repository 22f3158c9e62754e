import { runBenchChild } from "../bench-child";
import type { Report } from "../report";

// `BENCH_KNOWLEDGE_PG=1 npm run bench` (or `BENCH_ONLY_KNOWLEDGE_PG=1` alone): the database knowledge
// store over 100,000 passages made of MTRAG's sentences in a temporary PostgreSQL database, then
// dropped (bench/knowledge/knowledge-pg-bench-child.ts says what each figure is). Needs
// FOCAL_EVAL_DIR for MTRAG; a few minutes on 2 cores, most of it the in-memory index it is compared with.

const TIMEOUT_MS = 30 * 60_000;

export function benchKnowledgePg(report: Report): Promise<void> {
  return runBenchChild(report, "bench/knowledge/knowledge-pg-bench-child.ts", TIMEOUT_MS, "knowledge_pg");
}
