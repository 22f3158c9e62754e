import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import { emptySessionState, type SessionState } from "@/lib/engine/contracts/session-state";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { runTurn } from "@/lib/engine/pipeline/run-turn";
import type { EnginePorts } from "@/lib/engine/ports";
import { evaluateRoutingCorpus } from "@/lib/engine/stages/sensor/corpus/routing-corpus";
import { DEMO_CONVERSATIONS } from "@/lib/engine/testing/demo-conversations";
import { sequentialIds, staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { createScriptedProvider } from "@/lib/engine/testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider, createWordVectorEmbedder } from "@/lib/providers/offline";
import type { OfflineVectors } from "@/lib/providers/offline/embedder";
import { percentile, type Report } from "./report";
import { overBudget } from "./stage-budgets";
import { syntheticAgent } from "./synthetic-agent";

const realClock = { now: () => new Date(), monotonicMs: () => performance.now() };

function offlinePorts(vectors: OfflineVectors = "lexical"): EnginePorts {
  return {
    model: createOfflineProvider(vectors),
    embedder: vectors === "lexical" ? createOfflineEmbedder() : createWordVectorEmbedder(),
    tools: staticToolRunner(),
    clock: realClock,
    ids: sequentialIds(),
  };
}

async function playDemo(agent: CompiledAgent, ports: EnginePorts): Promise<TurnOutcome[]> {
  const outcomes: TurnOutcome[] = [];
  let n = 0;
  for (const conversation of DEMO_CONVERSATIONS) {
    let session = emptySessionState();
    for (const message of conversation) {
      const out = await runTurn(agent, session, { message, turnId: `bench-${n++}` }, ports);
      outcomes.push(out);
      session = out.session;
    }
  }
  return outcomes;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/**
 * The model-call budget over the scripted demo conversations: model calls per clear (answered) turn.
 * Three provider paths: the offline provider (its sensor is the local sensor too); a scripted,
 * OpenAI-like provider that counts every call by method (the model generates and judges; the local
 * sensor decides the clear turns it is sure of, the rest go to the model sensor); and the same with
 * `sensor.local_confidence` 1, every turn asking the model sensor (the figure before the local sensor).
 */
export async function benchModelCalls(report: Report): Promise<void> {
  const ports = offlinePorts();
  const snapshot = snapshotFromBundle(demo);
  const agent = await compileAgent(snapshot, ports.embedder);
  const outcomes = await playDemo(agent, ports);
  const clear = outcomes.filter((o) => o.outcome === "answered");
  report.figure("model_calls_per_clear_turn_mean", mean(clear.map((o) => o.modelCalls)).toFixed(3));
  report.figure("model_calls_per_turn_mean", mean(outcomes.map((o) => o.modelCalls)).toFixed(3));
  // The budget's "judge only when a subjective hard rule is in play": clear turns without one.
  const unjudged = clear.filter((o) =>
    o.provenance.enforcement.checks.every((c) => c.lane !== 2 || c.result === "skipped"),
  );
  report.figure("model_calls_per_clear_turn_without_judge_mean", mean(unjudged.map((o) => o.modelCalls)).toFixed(3));
  report.figure(
    "clear_turns_with_judge_share",
    ((clear.length - unjudged.length) / Math.max(1, clear.length)).toFixed(3),
  );
  report.figure("demo_turns", outcomes.length);
  report.figure("demo_clear_turns", clear.length);
  const byOutcome = new Map<string, number>();
  for (const o of outcomes) byOutcome.set(o.outcome, (byOutcome.get(o.outcome) ?? 0) + 1);
  report.note(`demo outcomes: ${[...byOutcome].map(([k, v]) => `${k} ${v}`).join(", ")}`);

  for (const [suffix, compiled] of [
    ["scripted", agent],
    ["scripted_model_sensor", await compileAgent(withModelSensor(snapshot), ports.embedder)],
  ] as const) {
    const model = createScriptedProvider({}, createOfflineProvider());
    const played = await playDemo(compiled, { ...offlinePorts(), model });
    const answered = played.filter((o) => o.outcome === "answered");
    report.figure(`model_calls_per_clear_turn_mean_${suffix}`, mean(answered.map((o) => o.modelCalls)).toFixed(3));
    const calls = new Map<string, number>();
    for (const call of model.calls) calls.set(call.method, (calls.get(call.method) ?? 0) + 1);
    report.note(
      `${suffix}: ${model.calls.length} calls over ${played.length} turns (${[...calls].map(([k, v]) => `${k} ${v}`).join(", ")})`,
    );
  }
}

/** The labelled routing set (lib/engine/stages/sensor/corpus) through runTurn with the offline provider. */
export async function benchRoutingCorpus(report: Report): Promise<void> {
  const ports = offlinePorts();
  const agent = await compileAgent(snapshotFromBundle(demo), ports.embedder);
  const routing = await evaluateRoutingCorpus(agent, ports);
  report.figure("local_sensor_routing_accuracy", routing.accuracy.toFixed(3));
  report.figure("local_sensor_decides_share", routing.decidesShare.toFixed(3));
  report.figure("local_sensor_decided_accuracy", routing.decidedAccuracy.toFixed(3));
  report.note(
    `routing set: ${routing.items.length} messages, ${routing.clear} clear; confidence bins ${routing.bins
      .map((b) => `[${b.from}, ${b.to}) ${b.items} at ${b.accuracy.toFixed(3)}`)
      .join("; ")}`,
  );
}

const MESSAGES = [
  "I'm in France and want a refund for order 123",
  "How much does the blue kettle cost?",
  "can you show me my orders?",
  "my invoice address is wrong",
  "it arrived broken",
  "What's the weather like today?",
];

/**
 * Engine overhead per turn for N rules, in-process with the offline provider (goal at 1,000: p95 ≤ 5 ms).
 * With `vectors` "word-vectors" the figures get the suffix `_sg100d` (createWordVectorEmbedder). With
 * `stages`, each stage's p50 and p95 too (its spans summed per turn: the draft loop may run a stage
 * twice), and `over_budget=` the stages over their budget in bench/stage-budgets.ts.
 */
export async function benchOverhead(
  report: Report,
  size: number,
  turns: number,
  options: { vectors?: OfflineVectors; stages?: boolean } = {},
): Promise<void> {
  const vectors = options.vectors ?? "lexical";
  const suffix = `rules_${size}${vectors === "lexical" ? "" : "_sg100d"}`;
  const ports = offlinePorts(vectors);
  const agent = await compileAgent(syntheticAgent(size), ports.embedder);
  const refundSession: SessionState = {
    ...emptySessionState(),
    activeScenarioId: "scenario:refund",
    activeStepId: "step:refund/look_up_order",
  };
  const samples: number[] = [];
  const stages = new Map<string, number[]>();
  for (let i = 0; i < turns + 20; i++) {
    const session = i % 2 === 0 ? emptySessionState() : refundSession;
    const start = performance.now();
    const outcome = await runTurn(
      agent,
      session,
      { message: MESSAGES[i % MESSAGES.length] ?? "", turnId: `o-${size}-${i}` },
      ports,
    );
    // The first 20 turns warm the JIT and are not counted.
    if (i < 20) continue;
    const total = performance.now() - start;
    samples.push(total);
    const times = stageTimes(outcome);
    times.set("between_stages", Math.max(0, total - [...times.values()].reduce((a, b) => a + b, 0)));
    for (const [stage, ms] of times) stages.set(stage, [...(stages.get(stage) ?? []), ms]);
  }
  const overall = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  report.figure(`engine_overhead_p50_ms_${suffix}`, overall.p50.toFixed(3));
  report.figure(`engine_overhead_p95_ms_${suffix}`, overall.p95.toFixed(3));
  if (!options.stages) return;
  const measured = new Map([["engine", overall]]);
  for (const [stage, times] of stages) {
    const figures = { p50: percentile(times, 50), p95: percentile(times, 95) };
    measured.set(stage, figures);
    report.figure(`stage_${stage}_p50_ms_${suffix}`, figures.p50.toFixed(3));
    report.figure(`stage_${stage}_p95_ms_${suffix}`, figures.p95.toFixed(3));
  }
  report.figure("over_budget", overBudget(measured).join(",") || "none");
}

/** A turn's milliseconds per stage, its spans of the same stage summed. */
function stageTimes(outcome: TurnOutcome): Map<string, number> {
  const times = new Map<string, number>();
  for (const span of outcome.spans) times.set(span.name, (times.get(span.name) ?? 0) + span.durationMs);
  return times;
}

/**
 * The offline embedder on 10,000 short texts in one batch: median of 5 runs after one warm-up. The
 * embedder remembers the texts it has seen, so every run gets texts of its own: the figure is the
 * cost of embedding, not of the lookup.
 */
export async function benchOfflineEmbedder(report: Report): Promise<void> {
  const embedder = createOfflineEmbedder();
  const texts = (run: number) =>
    Array.from({ length: 10_000 }, (_, i) => `Customer ${i} wants a refund for order ${i * 7 + run}, it broke`);
  await embedder.embed(texts(-1));
  const samples: number[] = [];
  for (let run = 0; run < 5; run++) {
    const batch = texts(run * 100_000);
    const start = performance.now();
    await embedder.embed(batch);
    samples.push(performance.now() - start);
  }
  report.figure("offline_embed_ms_10000", percentile(samples, 50).toFixed(1));
}
