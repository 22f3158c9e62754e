import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import { emptySessionState } from "@/lib/engine/contracts/session-state";
import { runTurn } from "@/lib/engine/pipeline/run-turn";
import type { Embedder, ModelProvider } from "@/lib/engine/ports";
import { testPorts } from "@/lib/engine/testing/fixed-ports";
import { sensed } from "@/lib/engine/testing/scripted-provider";
import { createOfflineEmbedder, createOfflineProvider, createWordVectorEmbedder } from "@/lib/providers/offline";
import type { OfflineVectors } from "@/lib/providers/offline/embedder";
import { clincDomainAgent } from "./clinc-agent";
import type { ClincData } from "./clinc-data";

// Every utterance is the FIRST turn of a fresh session through the real pipeline (runTurn). What the
// turn "entered" is the session's active scenario after the turn (its key), or none: a turn that ends
// `clarified` (the ambiguity trap's question, a routing clarification) entered none, since the
// customer was asked rather than routed, and the out-of-scope reply leaves no scenario active. A turn
// is right when it entered the true intent's scenario (in-scope) or none (out-of-scope).
//
// Two model providers:
//   offline  the offline provider (its sense is the local sensor over the offline embedder);
//   oracle   a model whose sense answers the true intent at 0.95, or detected_intent null for an
//            out-of-scope utterance; generate and judge are the offline provider's.
// Per turn the sensor span says whether the local sensor decided alone (`decided_by`).

export type ClincSplit = "val" | "test";
export type ClincModel = "offline" | "oracle";

export interface ClincTurn {
  domain: string;
  message: string;
  /** The true intent, or null for an out-of-scope utterance. */
  truth: string | null;
  /** The scenario key the turn entered, or null. */
  entered: string | null;
  correct: boolean;
  decidedBy: "local" | "model";
  /** The intent the local sensor named (span `detected_intent` when it decided alone), else null. */
  localIntent: string | null;
  localDecision: string | null;
  localConfidence: number | null;
  /** The local sensor's best intents (label, raw score, confidence), best first. */
  localTop: { label: string; score: number; confidence: number }[];
}

export interface ClincOptions {
  /**
   * The offline embedder the agent is compiled with and the turns run on, and the vectors the offline
   * provider's sense uses: "lexical" (createOfflineEmbedder, the default) or "word-vectors".
   */
  vectors?: OfflineVectors;
  /** Agent settings every domain agent gets, e.g. `{ sensor: { local_confidence: 0.9 } }`. */
  settings?: AgentSettingsInput;
}

/** Out-of-scope utterances per domain: test 100 of oos_test's 1000, val 10 of oos_val's 100, by domain index. */
const OOS_PER_DOMAIN: Record<ClincSplit, number> = { test: 100, val: 10 };

/** The domain's in-scope utterances of `split` and its deterministic slice of out-of-scope ones. */
function clincItems(data: ClincData, domain: string, split: ClincSplit): { text: string; truth: string | null }[] {
  const intents = new Set(data.domains[domain] ?? []);
  const index = Object.keys(data.domains).indexOf(domain);
  const n = OOS_PER_DOMAIN[split];
  const oos = (split === "test" ? data.oos_test : data.oos_val).slice(n * index, n * (index + 1));
  return [
    ...data[split].filter(([, intent]) => intents.has(intent)).map(([text, truth]) => ({ text, truth })),
    ...oos.map(([text]) => ({ text, truth: null })),
  ];
}

function oracleModel(truthOf: () => string | null, vectors: OfflineVectors): ModelProvider {
  const offline = createOfflineProvider(vectors);
  return {
    ...offline,
    name: "oracle",
    async sense() {
      const truth = truthOf();
      return sensed({ detected_intent: truth, intent_confidence: 0.95 });
    },
  };
}

async function playDomain(
  agent: CompiledAgent,
  domain: string,
  items: { text: string; truth: string | null }[],
  model: ClincModel,
  embedder: Embedder,
  vectors: OfflineVectors,
): Promise<ClincTurn[]> {
  let truth: string | null = null;
  const provider = model === "oracle" ? oracleModel(() => truth, vectors) : createOfflineProvider(vectors);
  const ports = testPorts(provider, embedder);
  const keyOf = (id: string | null) => (id ? (agent.scenarios.get(id)?.scenario.key ?? id) : null);
  const turns: ClincTurn[] = [];
  let n = 0;
  for (const item of items) {
    truth = item.truth;
    const out = await runTurn(agent, emptySessionState(), { message: item.text, turnId: `clinc-${n++}` }, ports);
    const entered = out.outcome === "clarified" ? null : keyOf(out.session.activeScenarioId);
    const sensor = out.spans.find((s) => s.name === "sensor")?.attributes ?? {};
    turns.push({
      domain,
      message: item.text,
      truth: item.truth,
      entered,
      correct: entered === item.truth,
      decidedBy: sensor.decided_by === "local" ? "local" : "model",
      localIntent:
        sensor.decided_by === "local" && typeof sensor.detected_intent === "string" ? sensor.detected_intent : null,
      localDecision: typeof sensor.local_decision === "string" ? sensor.local_decision : null,
      localConfidence: typeof sensor.local_confidence === "number" ? sensor.local_confidence : null,
      localTop: Array.isArray(sensor.local_top) ? (sensor.local_top as ClincTurn["localTop"]) : [],
    });
  }
  return turns;
}

/** One agent per domain with K examples per intent, compiled once and played for each model asked. */
export async function evaluateClinc(
  data: ClincData,
  k: number,
  split: ClincSplit,
  models: ClincModel[],
  options: ClincOptions = {},
): Promise<Record<ClincModel, ClincTurn[]>> {
  const vectors = options.vectors ?? "lexical";
  const embedder = vectors === "lexical" ? createOfflineEmbedder() : createWordVectorEmbedder();
  const turns: Record<ClincModel, ClincTurn[]> = { offline: [], oracle: [] };
  for (const domain of Object.keys(data.domains)) {
    const agent = await compileAgent(clincDomainAgent(data, domain, k, options.settings), embedder);
    const items = clincItems(data, domain, split);
    for (const model of models)
      turns[model].push(...(await playDomain(agent, domain, items, model, embedder, vectors)));
  }
  return turns;
}

export interface ClincFigures {
  inScopeAccuracy: number;
  oosToNone: number;
  /** Share of all turns the local sensor decided alone. */
  localDecidesShare: number;
  /** Of the turns the local sensor decided alone, the share that were right. */
  localPrecision: number;
}

const share = <T>(xs: T[], f: (x: T) => boolean) => (xs.length === 0 ? 0 : xs.filter(f).length / xs.length);

/**
 * A local decision is right when it named the true intent and the turn entered its scenario. On an
 * out-of-scope message every local decision is wrong: the positive decisions it may take alone all
 * route somewhere, and only the model may say that nothing fits.
 */
function localDecisionRight(turn: ClincTurn): boolean {
  return turn.truth !== null && turn.localIntent === turn.truth && turn.entered === turn.truth;
}

function figuresOf(turns: ClincTurn[]): ClincFigures {
  const local = turns.filter((t) => t.decidedBy === "local");
  return {
    inScopeAccuracy: share(
      turns.filter((t) => t.truth !== null),
      (t) => t.correct,
    ),
    oosToNone: share(
      turns.filter((t) => t.truth === null),
      (t) => t.correct,
    ),
    localDecidesShare: share(turns, (t) => t.decidedBy === "local"),
    localPrecision: local.length === 0 ? Number.NaN : share(local, localDecisionRight),
  };
}

export interface LocalDecisions {
  turns: number;
  decided: number;
  right: number;
  /** Out-of-scope turns, and how many of them the local sensor decided (each a wrong decision). */
  oosTurns: number;
  oosDecided: number;
}

/** The local sensor's decisions over every turn given, pooled (not a mean over domains). */
export function pooledLocalDecisions(turns: ClincTurn[]): LocalDecisions {
  const local = turns.filter((t) => t.decidedBy === "local");
  const oos = turns.filter((t) => t.truth === null);
  return {
    turns: turns.length,
    decided: local.length,
    right: local.filter(localDecisionRight).length,
    oosTurns: oos.length,
    oosDecided: oos.filter((t) => t.decidedBy === "local").length,
  };
}

/**
 * Each figure as the mean over the domains (every domain weighs the same); local precision over the
 * domains where the local sensor decided at least one turn.
 */
export function meanOverDomains(turns: ClincTurn[]): ClincFigures {
  const domains = [...new Set(turns.map((t) => t.domain))];
  const per = domains.map((d) => figuresOf(turns.filter((t) => t.domain === d)));
  const mean = (f: (x: ClincFigures) => number) => {
    const values = per.map(f).filter((v) => !Number.isNaN(v));
    return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
  };
  return {
    inScopeAccuracy: mean((x) => x.inScopeAccuracy),
    oosToNone: mean((x) => x.oosToNone),
    localDecidesShare: mean((x) => x.localDecidesShare),
    localPrecision: mean((x) => x.localPrecision),
  };
}
