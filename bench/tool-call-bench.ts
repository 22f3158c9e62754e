import { runBenchChild } from "./bench-child";
import type { Report } from "./report";

// Focal's own cost around an http tool call, with and without a credential
// (bench/tools/tool-call-bench-child.ts: PGlite in memory, an order API on 127.0.0.1; about 10 s).
export function benchToolCalls(report: Report): Promise<void> {
  return runBenchChild(report, "bench/tools/tool-call-bench-child.ts", 120_000, "tool call");
}
