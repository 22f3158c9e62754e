import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { proposeTurnAssertions } from "@/lib/engine/conversation-tests/propose-assertions";
import { type CaseRunPorts, runCaseOnce } from "@/lib/engine/conversation-tests/run-case";
import { runSuite } from "@/lib/engine/conversation-tests/run-suite";
import { staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { replayCorpus } from "./replay-corpus";
import { percentile, type Report } from "./report";

const RUNS = 7;

/** Conversation tests: the demo suite frozen (goal ≤ 1,000 ms) and throughput over 500 generated cases (goal ≥ 100/s). */
export async function benchTests(report: Report): Promise<void> {
  const embedder = createOfflineEmbedder();
  const agent = await compileAgent(snapshotFromBundle(demo), embedder);
  const ports: CaseRunPorts = { mode: "frozen", model: createOfflineProvider(), embedder, tools: staticToolRunner() };
  const { tests } = Bundle.parse(demo);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const suite = await runSuite(agent, tests, { ports, k: 1 });
    if (i > 0) samples.push(performance.now() - started);
    if (suite.failed > 0) throw new Error(`the demo suite has ${suite.failed} failing cases`);
  }
  report.figure("test_suite_frozen_ms_demo", percentile(samples, 50).toFixed(0));
  report.figure("test_suite_frozen_ms_demo_p95", percentile(samples, 95).toFixed(0));
  report.note(
    `demo suite: ${tests.length} cases, ${tests.reduce((n, t) => n + t.turns.length, 0)} turns, ${RUNS - 1} timed runs`,
  );

  // 500 cases from generated conversations, each asserting what an offline run of it did.
  const cases = [];
  for (const [i, plan] of replayCorpus(2400, 23).slice(0, 500).entries()) {
    const draft = BundleTestCase.parse({
      key: `generated-${i}`,
      name: `generated ${i}`,
      continuity: plan.continuity,
      turns: plan.messages.map((message) => ({ message })),
    });
    const once = await runCaseOnce(agent, draft, { ...ports, mode: "offline" });
    cases.push({
      ...draft,
      turns: draft.turns.map((t, n) => ({
        ...t,
        // A turn the run did not reach (the engine failed earlier) asserts nothing.
        assertions: once.turns[n] ? proposeTurnAssertions(once.turns[n].facts) : [],
      })),
    });
  }
  const started = performance.now();
  const suite = await runSuite(agent, cases, { ports, k: 1 });
  const seconds = (performance.now() - started) / 1000;
  report.figure("test_cases_per_s_frozen", (cases.length / seconds).toFixed(0));
  report.note(`generated suite: ${cases.length} cases, ${suite.passed} passed (each asserts its own offline run)`);
}
