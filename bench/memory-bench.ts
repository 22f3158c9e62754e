import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

/** embedder_rss_mb and engine_heap_mb_rules_10000: resident size after a forced GC, in a fresh process. */
export function benchMemory(report: Report): Promise<void> {
  return runBenchChild(report, "bench/memory/memory-child.ts", 120_000, "memory", ["--expose-gc"]);
}
