import "server-only";
import type { AgentRow, DbOrTx } from "@/db/types";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { noNetworkTools } from "@/lib/engine/conversation-tests/no-network-tools";
import type { TestMode } from "@/lib/engine/conversation-tests/run-case";
import { runSuite, type SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { createOfflineProvider } from "@/lib/providers/offline";
import { hostPorts } from "../engine-host/host-ports";
import { getCompiledAgent } from "../engine-host/load-snapshot";
import { AppError } from "../errors";
import { listTestCases } from "./test-cases";

export interface SuiteRequest {
  suite?: string;
  /** Only these cases (by key). */
  keys?: string[];
  mode: TestMode;
  k: number;
  tries?: number;
  /** A draft configuration (a dry-run save or a bundle); otherwise the saved one. */
  draft?: AgentSnapshot;
  /** Cases to run instead of the stored ones (a bundle's own `tests`). */
  cases?: BundleTestCase[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Compiles the configuration to test: the draft, or the saved one (cached per config_version). */
async function compiledFor(db: DbOrTx, agent: AgentRow, draft?: AgentSnapshot): Promise<CompiledAgent> {
  const { embedder } = hostPorts();
  return draft ? compileAgent(draft, embedder) : getCompiledAgent(db, agent, embedder);
}

/** The cases a run covers: a bundle's own or the stored ones, one suite, named keys (404 for an unknown one). */
export async function selectCases(
  db: DbOrTx,
  agent: AgentRow,
  request: Pick<SuiteRequest, "suite" | "keys" | "cases">,
): Promise<BundleTestCase[]> {
  let cases = request.cases ?? (await listTestCases(db, agent, request.suite));
  if (request.cases && request.suite) cases = cases.filter((c) => c.suite === request.suite);
  if (request.keys) {
    const unknown = request.keys.filter((k) => !cases.some((c) => c.key === k));
    if (unknown.length > 0) throw new AppError("NOT_FOUND", `No test case ${unknown.map((k) => `"${k}"`).join(", ")}.`);
    cases = cases.filter((c) => request.keys?.includes(c.key));
  }
  return cases;
}

/** Runs an agent's suite (or named cases) under its saved configuration or a draft. */
export async function runAgentSuite(db: DbOrTx, agent: AgentRow, request: SuiteRequest): Promise<SuiteReport> {
  const cases = await selectCases(db, agent, request);
  const ports = hostPorts();
  const compiled = await compiledFor(db, agent, request.draft);
  const live = request.mode === "live";
  return runSuite(compiled, cases, {
    ports: {
      mode: request.mode,
      model: live ? ports.model : createOfflineProvider(),
      embedder: ports.embedder,
      tools: live ? ports.tools : noNetworkTools(ports.tools),
    },
    k: request.k,
    tries: request.tries,
    signal: request.signal,
    onProgress: request.onProgress,
  });
}
