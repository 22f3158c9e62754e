import { performance } from "node:perf_hooks";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { emptySessionState, type SessionState } from "@/lib/engine/contracts/session-state";
import { runTurn } from "@/lib/engine/pipeline/run-turn";
import { sequentialIds, staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { syntheticAgent } from "../synthetic-agent";

// The engine's overhead per turn, for the side-by-side comparison (bench/compare/compare.ts). The
// same file runs in this tree and, copied, in the reference build's: it uses only what every build
// since the first engine has (compileAgent, runTurn, the offline provider, the synthetic agent), so
// both measure the same loop. Argument: the rule count; BENCH_COMPARE_TURNS turns after 20 warm-up.
// Prints one line of JSON: {"p50": ms, "p95": ms}.

const MESSAGES = [
  "I'm in France and want a refund for order 123",
  "How much does the blue kettle cost?",
  "can you show me my orders?",
  "my invoice address is wrong",
  "it arrived broken",
  "What's the weather like today?",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function main() {
  const rules = Number(process.argv[2] ?? 1000);
  const turns = Number(process.env.BENCH_COMPARE_TURNS ?? 400);
  const embedder = createOfflineEmbedder();
  const ports = {
    model: createOfflineProvider(),
    embedder,
    tools: staticToolRunner(),
    clock: { now: () => new Date(), monotonicMs: () => performance.now() },
    ids: sequentialIds(),
  };
  const agent = await compileAgent(syntheticAgent(rules), embedder);
  const inRefund: SessionState = {
    ...emptySessionState(),
    activeScenarioId: "scenario:refund",
    activeStepId: "step:refund/look_up_order",
  };
  const samples: number[] = [];
  for (let i = 0; i < turns + 20; i++) {
    const session = i % 2 === 0 ? emptySessionState() : inRefund;
    const started = performance.now();
    await runTurn(agent, session, { message: MESSAGES[i % MESSAGES.length] ?? "", turnId: `c-${i}` }, ports);
    if (i >= 20) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(JSON.stringify({ p50: percentile(samples, 50), p95: percentile(samples, 95) }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
