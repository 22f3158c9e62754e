import type { CompiledAgent } from "../compile/compile-agent";
import type { BundleTestCase } from "../contracts/test-case";
import { type SuiteReliability, suiteReliability } from "./pass-k";
import { type CaseRunPorts, type CaseTry, runCaseOnce, type TestMode } from "./run-case";

export interface CaseReport {
  key: string;
  name: string;
  suite: string;
  tags: string[];
  tries: number;
  passes: number;
  pass_1: number;
  pass_k: number;
  status: "passed" | "failed" | "flaky";
  /** The first failing try in full (every turn's facts and assertions), else the last try. */
  detail: CaseTry;
}

// A type, not an interface: stored whole as a job's jsonb result, which takes a plain object (an
// interface has no index signature).
export type SuiteReport = {
  mode: TestMode;
  k: number;
  tries: number;
  config_version: number;
  cases: CaseReport[];
  reliability: SuiteReliability;
  passed: number;
  failed: number;
  flaky: number;
  model_calls: number;
};

export interface SuiteOptions {
  ports: CaseRunPorts;
  /** pass^k's k (1–10). */
  k: number;
  /** Tries per case, ≥ k (default k). Frozen and offline runs are deterministic: one try stands for all. */
  tries?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export class SuiteCancelledError extends Error {
  constructor() {
    super("the test run was cancelled");
  }
}

/** Runs every enabled case `tries` times and reports pass^1, pass^k and flaky cases (τ-bench). */
export async function runSuite(
  agent: CompiledAgent,
  cases: BundleTestCase[],
  options: SuiteOptions,
): Promise<SuiteReport> {
  const tries = Math.max(options.tries ?? options.k, options.k);
  const deterministic = options.ports.mode !== "live";
  const enabled = cases.filter((c) => c.enabled);
  const reports: CaseReport[] = [];
  let modelCalls = 0;
  for (const [done, testCase] of enabled.entries()) {
    if (options.signal?.aborted) throw new SuiteCancelledError();
    options.onProgress?.(done, enabled.length);
    const results: CaseTry[] = [];
    for (let t = 0; t < (deterministic ? 1 : tries); t++) {
      const result = await runCaseOnce(agent, testCase, options.ports);
      modelCalls += result.turns.reduce((n, turn) => n + turn.facts.modelCalls, 0);
      results.push(result);
    }
    const passes = deterministic ? (results[0]?.passed ? tries : 0) : results.filter((r) => r.passed).length;
    const one = suiteReliability([{ passes, tries }], options.k);
    reports.push({
      key: testCase.key,
      name: testCase.name,
      suite: testCase.suite,
      tags: testCase.tags,
      tries,
      passes,
      pass_1: one.pass_1,
      pass_k: one.pass_k,
      status: passes === tries ? "passed" : passes === 0 ? "failed" : "flaky",
      detail: results.find((r) => !r.passed) ?? (results.at(-1) as CaseTry),
    });
    // Let other work in (health checks, turns) between cases.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  options.onProgress?.(enabled.length, enabled.length);
  return {
    mode: options.ports.mode,
    k: options.k,
    tries,
    config_version: agent.snapshot.configVersion,
    cases: reports,
    reliability: suiteReliability(reports, options.k),
    passed: reports.filter((r) => r.status === "passed").length,
    failed: reports.filter((r) => r.status === "failed").length,
    flaky: reports.filter((r) => r.status === "flaky").length,
    model_calls: modelCalls,
  };
}
