import type { TestRunSummary, TestRunView } from "./test-types";

// Words and numbers of a test run as the Tests page shows them.

/** 0.923 → "92%"; pass^k is a share of cases, shown whole. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The stored summary when it has the counts (a finished run), else null. */
export function runSummary(run: Pick<TestRunView, "summary">): TestRunSummary | null {
  const s = run.summary as Partial<TestRunSummary> | null;
  if (!s || typeof s.pass_1 !== "number" || typeof s.pass_k !== "number") return null;
  return s as TestRunSummary;
}

/** "3 of 13 cases" while running; "waiting" before the first case. */
export function runProgressText(run: Pick<TestRunView, "status" | "progress">): string {
  if (run.status === "queued") return "Waiting for another run to finish…";
  const { done, total } = run.progress;
  return total > 0 ? `Running case ${Math.min(done + 1, total)} of ${total}…` : "Starting…";
}

/** What the run asked for, from its stored request: "frozen · k=3 · 3 tries · suite refunds". */
export function runRequestText(request: Record<string, unknown>): string {
  const parts = [String(request.mode ?? "frozen"), `k=${String(request.k ?? 1)}`];
  if (typeof request.tries === "number" && request.tries !== request.k) parts.push(`${request.tries} tries`);
  if (typeof request.suite === "string") parts.push(`suite ${request.suite}`);
  if (Array.isArray(request.keys))
    parts.push(request.keys.length === 1 ? `case ${request.keys[0]}` : `${request.keys.length} cases`);
  return parts.join(" · ");
}
