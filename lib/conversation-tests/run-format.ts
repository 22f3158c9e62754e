import type { TestRunSummary, TestRunView } from "./test-types";

// Words and numbers of a test run as the Tests page shows them.

/** 0.923 → "92%"; pass^k is a share of cases, shown whole. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/**
 * What a run's model calls were. The engine asks for a model answer at each generation, judge or
 * extraction step whatever the mode; only a live run sends those to a provider. Frozen answers them
 * from the recorded tapes (the offline model where a tape no longer applies), offline from the offline
 * model, so "a frozen run makes no model call" and "53 model calls" are both said as what they are.
 */
export function modelCallsText(calls: number, mode: "frozen" | "offline" | "live"): string {
  const asked = `${calls} model ${calls === 1 ? "call" : "calls"}`;
  if (mode === "live") return `${asked}, sent to the configured provider`;
  if (calls === 0) return "No model call; none reached a provider";
  return mode === "frozen"
    ? `${asked}, answered from the recordings (the offline model where a recording no longer applies); none reached a provider`
    : `${asked}, answered by the offline model; none reached a provider`;
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
