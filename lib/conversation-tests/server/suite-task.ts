import { compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { noNetworkTools } from "@/lib/engine/conversation-tests/no-network-tools";
import type { TestMode } from "@/lib/engine/conversation-tests/run-case";
import { runSuite, type SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { createOfflineProvider } from "@/lib/providers/offline";
import type { ComputeTask } from "@/lib/server/background/compute-tasks";

// The CPU-heavy part of a test run (and of the gate a Save runs), as background work
// (compute-tasks.ts): the configuration and the cases in, the suite's report out. No server-only
// import: the compute worker runs it.

export interface SuiteTaskInput {
  snapshot: AgentSnapshot;
  cases: BundleTestCase[];
  mode: TestMode;
  k: number;
  tries?: number;
}

export const SUITE_TASK: ComputeTask<SuiteTaskInput, SuiteReport> = {
  kind: "suite",
  async run(task, { ports, onProgress, signal }) {
    const compiled = await compileAgent(task.snapshot, ports.embedder);
    const live = task.mode === "live";
    return runSuite(compiled, task.cases, {
      ports: {
        mode: task.mode,
        model: live ? ports.model : createOfflineProvider(),
        embedder: ports.embedder,
        tools: live ? ports.tools : noNetworkTools(ports.tools),
      },
      k: task.k,
      tries: task.tries,
      signal,
      onProgress,
    });
  },
};
