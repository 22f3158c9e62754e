import type { CompiledAgent } from "../../../compile/compile-agent";
import { emptySessionState, type SessionState } from "../../../contracts/session-state";
import type { TurnOutcome } from "../../../contracts/turn-outcome";
import { runTurn } from "../../../pipeline/run-turn";
import type { EnginePorts } from "../../../ports";
import corpus from "./routing-corpus.json";

// The labelled routing set (routing-corpus.json) played through runTurn, one turn per item, from the
// session its `at` names. What each label means:
//   enter:<key>   no scenario active → the turn enters <key>
//   none          no scenario active → none entered, and not called ambiguous
//   stay          the active scenario is kept (any step; a routing clarification counts as staying)
//   switch:<key>  the active scenario is left for <key>
//   exit          the active scenario is left, none entered
//   ambiguous     the ambiguity trap clarifies

export interface RoutingItem {
  class: string;
  at: string | null;
  message: string;
  expect: string;
}

interface RoutingItemResult extends RoutingItem {
  got: string;
  correct: boolean;
  decidedBy: "local" | "model" | "none";
  localConfidence: number | null;
}

export interface RoutingReport {
  items: RoutingItemResult[];
  accuracy: number;
  /** Items labelled anything but "ambiguous". */
  clear: number;
  /** Share of the clear items the local sensor decided without the model sensor. */
  decidesShare: number;
  /** Accuracy of the turns the local sensor decided alone. */
  decidedAccuracy: number;
  /** Reliability of the local confidence: per bin, items and accuracy. */
  bins: { from: number; to: number; items: number; accuracy: number }[];
}

export const ROUTING_ITEMS: RoutingItem[] = corpus.items;

const BIN_EDGES = [0, 0.5, 0.7, 0.85, 0.95, 1.0001];

function sessionAt(agent: CompiledAgent, at: string | null): SessionState {
  const session = { ...emptySessionState(), turnIndex: 1 };
  if (!at) return session;
  const [scenarioKey, stepKey] = at.split("/");
  const scenario = [...agent.scenarios.values()].find((s) => s.scenario.key === scenarioKey);
  const step = scenario?.scenario.steps.find((s) => s.key === stepKey);
  if (!scenario || !step) throw new Error(`routing corpus: no step ${at}`);
  const opening = scenario.scenario.entryExamples[0] ?? scenario.scenario.name;
  return {
    ...session,
    turnIndex: 2,
    activeScenarioId: scenario.scenario.id,
    activeStepId: step.id,
    history: [
      { role: "user", text: opening },
      { role: "agent", text: step.clarificationHint || step.instructions },
    ],
  };
}

function routingOf(agent: CompiledAgent, before: SessionState, out: TurnOutcome): string {
  const ambiguity = out.spans.find((s) => s.name === "ambiguity");
  if (ambiguity?.attributes.is_ambiguous === true) return "ambiguous";
  const keyOf = (id: string | null) => (id ? (agent.scenarios.get(id)?.scenario.key ?? id) : null);
  const was = keyOf(before.activeScenarioId);
  const now = keyOf(out.session.activeScenarioId);
  if (!was) return now ? `enter:${now}` : "none";
  if (now === was) return "stay";
  return now ? `switch:${now}` : "exit";
}

/** Plays every item; `agent` is the demo Refund desk compiled with `ports.embedder`. */
export async function evaluateRoutingCorpus(
  agent: CompiledAgent,
  ports: EnginePorts,
  items: RoutingItem[] = ROUTING_ITEMS,
): Promise<RoutingReport> {
  const results: RoutingItemResult[] = [];
  let n = 0;
  for (const item of items) {
    const session = sessionAt(agent, item.at);
    const out = await runTurn(agent, session, { message: item.message, turnId: `routing-${n++}` }, ports);
    const got = routingOf(agent, session, out);
    const sensor = out.spans.find((s) => s.name === "sensor");
    const decidedBy = sensor?.attributes.decided_by === "local" ? "local" : sensor ? "model" : "none";
    const localConfidence =
      typeof sensor?.attributes.local_confidence === "number" ? sensor.attributes.local_confidence : null;
    results.push({ ...item, got, correct: got === item.expect, decidedBy, localConfidence });
  }
  const share = (xs: RoutingItemResult[], f: (r: RoutingItemResult) => boolean) =>
    xs.length === 0 ? 0 : xs.filter(f).length / xs.length;
  const clear = results.filter((r) => r.expect !== "ambiguous");
  const decided = results.filter((r) => r.decidedBy === "local");
  const bins = BIN_EDGES.slice(0, -1).map((from, i) => {
    const to = BIN_EDGES[i + 1] ?? 1;
    const inBin = results.filter(
      (r) => r.localConfidence !== null && r.localConfidence >= from && r.localConfidence < to,
    );
    return { from, to: Math.min(1, to), items: inBin.length, accuracy: share(inBin, (r) => r.correct) };
  });
  return {
    items: results,
    accuracy: share(results, (r) => r.correct),
    clear: clear.length,
    decidesShare: share(clear, (r) => r.decidedBy === "local"),
    decidedAccuracy: share(decided, (r) => r.correct),
    bins,
  };
}
