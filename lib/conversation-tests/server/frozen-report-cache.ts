import "server-only";
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import type { SuiteReport } from "@/lib/engine/conversation-tests/run-suite";

// A frozen suite's report is a pure function of the configuration and the cases: no model is called
// and every port answers from the cases' own fixtures. So a report is kept by a hash of both, and the
// next comparison that needs it takes it from here. Consecutive saves hit it by construction: a save's
// "saved" side is the previous save's draft, and a save right after its impact preview finds both
// sides. On the demo (16 cases, 39 turns) that is one suite run per save instead of two, and none
// after a preview.

// Reports of about 16 cases are a few kilobytes; 64 covers several designers editing several agents.
const MAX_REPORTS = 64;
const reports = new Map<string, SuiteReport>();
let runs = 0;

function keyOf(snapshot: AgentSnapshot, cases: BundleTestCase[]): string {
  return createHash("sha256")
    .update(canonicalize({ snapshot, cases }) ?? "")
    .digest("hex");
}

/** The report of `cases` run frozen on `snapshot`: kept from an earlier run, or run now by `run` and kept. */
export async function frozenReport(
  snapshot: AgentSnapshot,
  cases: BundleTestCase[],
  run: () => Promise<SuiteReport>,
): Promise<SuiteReport> {
  const key = keyOf(snapshot, cases);
  const kept = reports.get(key);
  if (kept) {
    // Least recently used goes first: a hit moves to the end.
    reports.delete(key);
    reports.set(key, kept);
    return structuredClone(kept);
  }
  runs += 1;
  const report = await run();
  reports.set(key, structuredClone(report));
  if (reports.size > MAX_REPORTS) {
    const oldest = reports.keys().next().value;
    if (oldest !== undefined) reports.delete(oldest);
  }
  return report;
}

/** How many frozen suites this process has run (not taken from the cache), for tests and benches. */
export function frozenSuiteRuns(): number {
  return runs;
}
