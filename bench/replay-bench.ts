import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import type { EnginePorts } from "@/lib/engine/ports";
import { type ReplaySessionInput, replaySession } from "@/lib/engine/replay/replay-session";
import { DEMO_CONVERSATIONS } from "@/lib/engine/testing/demo-conversations";
import { sequentialIds, staticToolRunner, steppingClock } from "@/lib/engine/testing/fixed-ports";
import { type RecordedOperator, recordSession } from "@/lib/engine/testing/record-session";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { runBenchChild } from "./bench-child";
import { flakyProvider, replayCorpus } from "./replay-corpus";
import { percentile, type Report } from "./report";
import { syntheticAgent } from "./synthetic-agent";

const embedder = createOfflineEmbedder();
const offline = createOfflineProvider();
const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };

function ports(model = offline): EnginePorts {
  return { model, embedder, tools: staticToolRunner(), clock: steppingClock(), ids: sequentialIds() };
}

type PlannedSession = { messages: string[]; continuity: boolean; operator?: RecordedOperator };

async function record(agent: CompiledAgent, sessions: PlannedSession[], flaky: boolean) {
  const recorded: ReplaySessionInput[] = [];
  const model = flaky ? flakyProvider(offline) : offline;
  for (const [i, s] of sessions.entries()) {
    recorded.push(
      await recordSession(agent, `s${i}`, s.messages, ports(model), {
        continuityEnabled: s.continuity,
        ...(s.operator ? { operator: s.operator } : {}),
      }),
    );
  }
  return recorded;
}

/**
 * Replays every session under `agent` (frozen): the share of turns identical to the recording, the
 * turns that started from another state than they ran with (start-state.ts; must be 0), and turns/s.
 */
async function replayAll(agent: CompiledAgent, sessions: ReplaySessionInput[]) {
  let same = 0;
  let turns = 0;
  let drifted = 0;
  const started = performance.now();
  for (const session of sessions) {
    for (const turn of (await replaySession(agent, session, frozen)).turns) {
      turns += 1;
      if (turn.status === "same") same += 1;
      if (turn.startDrift) drifted += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { fidelity: same / Math.max(1, turns), turns, drifted, turnsPerSecond: turns / seconds };
}

/** What of people the corpus holds, so a fidelity figure says which paths it covered. */
function peopleCounts(sessions: ReplaySessionInput[]): string {
  const turns = sessions.flatMap((s) => s.turns);
  const count = (test: (t: (typeof turns)[number]) => boolean) => turns.filter(test).length;
  const fallbackHandoffs = count(
    (t) => t.original.outcome === "handoff" && t.original.provenance.fallback_reason !== null,
  );
  return [
    `${count((t) => t.original.outcome === "handoff")} handoffs (${fallbackHandoffs} after fallbacks in a row)`,
    `${count((t) => t.original.outcome === "queued_for_human")} turns queued for a person`,
    `${count((t) => Boolean(t.tape?.operator_note))} turns told a return note`,
  ].join(", ");
}

function tapeBytes(sessions: ReplaySessionInput[]): number[] {
  return sessions.flatMap((s) => s.turns.map((t) => Buffer.byteLength(JSON.stringify(t.tape))));
}

/**
 * Replay: fidelity under the configuration a session ran on (must be 1.0 — anything less is an engine
 * bug), frozen replay speed, and tape size, for the demo agent and a 1,000-rule agent.
 */
export async function benchReplay(report: Report): Promise<void> {
  const demoAgent = await compileAgent(snapshotFromBundle(demo), embedder);
  const regression = await record(
    demoAgent,
    DEMO_CONVERSATIONS.flatMap((messages) => [
      { messages, continuity: false },
      { messages, continuity: true },
    ]),
    false,
  );
  const corpus = await record(demoAgent, replayCorpus(2000), true);
  const demoRun = await replayAll(demoAgent, regression);
  const corpusRun = await replayAll(demoAgent, corpus);
  report.figure("replay_fidelity_demo", demoRun.fidelity.toFixed(4));
  report.figure("replay_fidelity_corpus", corpusRun.fidelity.toFixed(4));
  report.figure(
    "replay_fidelity",
    (
      (demoRun.fidelity * demoRun.turns + corpusRun.fidelity * corpusRun.turns) /
      (demoRun.turns + corpusRun.turns)
    ).toFixed(4),
  );
  report.note(`fidelity over ${demoRun.turns} demo regression turns and a ${corpusRun.turns}-turn generated corpus`);
  report.note(`corpus: ${peopleCounts(corpus)}`);
  report.figure("replay_start_drift_turns_corpus", corpusRun.drifted);
  report.figure("replay_turns_per_s_demo", corpusRun.turnsPerSecond.toFixed(0));
  const demoBytes = tapeBytes(corpus);
  report.figure("tape_bytes_per_turn_demo_p50", percentile(demoBytes, 50));
  report.figure("tape_bytes_per_turn_demo_p95", percentile(demoBytes, 95));

  const big = await compileAgent(syntheticAgent(1000), embedder);
  const bigCorpus = await record(big, replayCorpus(500, 11), true);
  const bigRun = await replayAll(big, bigCorpus);
  report.figure("replay_fidelity_rules_1000", bigRun.fidelity.toFixed(4));
  report.note(`rules_1000 corpus: ${peopleCounts(bigCorpus)}`);
  report.figure("replay_start_drift_turns_rules_1000", bigRun.drifted);
  report.figure("replay_turns_per_s_rules_1000", bigRun.turnsPerSecond.toFixed(0));
  const bigBytes = tapeBytes(bigCorpus);
  report.figure("tape_bytes_per_turn_rules_1000_p50", percentile(bigBytes, 50));
  report.figure("tape_bytes_per_turn_rules_1000_p95", percentile(bigBytes, 95));
  // End to end on a database (a child: lib/server is server-only); ~1 minute, most of it the seeding.
  await runBenchChild(report, "bench/replay/impact-preview-child.ts", 10 * 60_000, "impact preview");
}
