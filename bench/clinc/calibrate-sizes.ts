import { EXIT_EXAMPLES } from "@/lib/engine/compile/compile-agent";
import type { IntentOption, SenseRequest } from "@/lib/engine/contracts/model";
import { type ScoredIntent, scoreIntents } from "@/lib/engine/stages/sensor/intent-scores";
import { AMBIGUITY_MARGIN, senseLocally } from "@/lib/engine/stages/sensor/local-sensor";
import { cachedSparseVector } from "@/lib/providers/offline/embedder";
import { type ClincData, loadClinc } from "./clinc-data";

// The per-agent-size rows of lib/engine/stages/sensor/local-calibration.ts, from CLINC150 val only:
//   FOCAL_EVAL_DIR=… npx tsx bench/clinc/calibrate-sizes.ts
// Agents of 2, 3, 5, 15 and 30 consecutive intents (30 = two domains) with the first K = 5 or 10 train
// utterances as entry examples; every val utterance of their intents and the 100 oos_val ones as first
// turns through the local sensor (default offline embedder), out-of-scope weighted 100 per 450
// in-scope as in the bench. Per size it prints the val top-1, the score below which 70 % of the
// out-of-scope turns fall (the floor), and the (support, margin) pair with the largest weighted share
// of entries right ≥ 99 % of the time, per K and pooled over both K.

const SIZES = [2, 3, 5, 15, 30];
const KS = [5, 10];
const OOS_WEIGHT_PER_IN_SCOPE = 100 / 450;
const SUPPORT_GRID = Array.from({ length: 61 }, (_, i) => 0.3 + i * 0.01);
const MARGIN_GRID = Array.from({ length: 41 }, (_, i) => i * 0.01);

interface Entry {
  truth: string | null;
  /** The local sensor's entered intent when it would enter, else null (tie, out of scope, …). */
  entered: string | null;
  support: number;
  margin: number;
  best: number;
  weight: number;
}

function agentsOf(data: ClincData, size: number): string[][] {
  const domains = Object.values(data.domains);
  if (size === 30) {
    return Array.from({ length: Math.floor(domains.length / 2) }, (_, i) => [
      ...(domains[2 * i] ?? []),
      ...(domains[2 * i + 1] ?? []),
    ]);
  }
  return domains.flatMap((intents) =>
    Array.from({ length: Math.floor(intents.length / size) }, (_, i) => intents.slice(i * size, (i + 1) * size)),
  );
}

function intentsOf(data: ClincData, labels: string[], k: number): IntentOption[] {
  const examples = new Map<string, string[]>(labels.map((l) => [l, []]));
  for (const [text, label] of data.train) {
    const list = examples.get(label);
    if (list && list.length < k) list.push(text);
  }
  const name = (l: string) => l.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return [
    ...labels.map((label) => ({
      label,
      kind: "scenario" as const,
      description: name(label),
      examples: examples.get(label) ?? [],
    })),
    {
      label: "exit",
      kind: "exit" as const,
      description: "The customer wants to stop or start over",
      examples: EXIT_EXAMPLES,
    },
  ];
}

function entriesOf(data: ClincData, labels: string[], k: number): Entry[] {
  const intents = intentsOf(data, labels, k);
  const own = new Set(labels);
  const inScope = data.val.filter(([, label]) => own.has(label));
  const oosWeight = (OOS_WEIGHT_PER_IN_SCOPE * inScope.length) / data.oos_val.length;
  const items: [string, string | null, number][] = [
    ...inScope.map(([text, label]): [string, string | null, number] => [text, label, 1]),
    ...data.oos_val.map(([text]): [string, string | null, number] => [text, null, oosWeight]),
  ];
  return items.map(([message, truth, weight]) => {
    const request: SenseRequest = {
      message,
      history: [],
      intents,
      profileFields: [],
      activeScenario: null,
      activeStep: null,
    };
    const local = senseLocally(request, cachedSparseVector);
    const scenarios = scoreIntents(request, cachedSparseVector)
      .filter((s) => s.intent.kind === "scenario")
      .sort((a, b) => b.score - a.score);
    const best = scenarios[0];
    const rival = Math.max(0, ...scenarios.slice(1).map((s) => s.support));
    return {
      truth,
      entered: enteredOf(local.decision, best, scenarios[1]),
      support: best?.support ?? 0,
      margin: (best?.support ?? 0) - rival,
      best: best?.score ?? 0,
      weight,
    };
  });
}

/** What the sensor would enter with no out-of-scope floor: its entry, or the best of a clear lead. */
function enteredOf(decision: string, best?: ScoredIntent, second?: ScoredIntent): string | null {
  if (decision === "enter") return best?.intent.label ?? null;
  if (decision !== "out_of_scope" || !best) return null;
  return best.score - (second?.score ?? 0) > AMBIGUITY_MARGIN ? best.intent.label : null;
}

function floorOf(entries: Entry[]): number {
  const oos = entries
    .filter((e) => e.truth === null)
    .map((e) => e.best)
    .sort((a, b) => a - b);
  return oos[Math.floor(0.7 * oos.length)] ?? 0;
}

/** The (support, margin) pair deciding the largest weighted share of turns at ≥ 99 % right. */
function entryPair(entries: Entry[]): { support: number; margin: number; share: number; precision: number } {
  const total = entries.reduce((sum, e) => sum + e.weight, 0);
  let best = { support: 1, margin: 1, share: 0, precision: 1 };
  for (const support of SUPPORT_GRID) {
    for (const margin of MARGIN_GRID) {
      let decided = 0;
      let right = 0;
      for (const e of entries) {
        if (e.entered === null || e.support < support || e.margin < margin) continue;
        decided += e.weight;
        if (e.entered === e.truth) right += e.weight;
      }
      if (decided > 0 && right / decided >= 0.99 && decided / total > best.share)
        best = { support, margin, share: decided / total, precision: right / decided };
    }
  }
  return best;
}

const top1 = (entries: Entry[]) => {
  const inScope = entries.filter((e) => e.truth !== null);
  return inScope.filter((e) => e.entered === e.truth).length / Math.max(1, inScope.length);
};

async function main() {
  const loaded = await loadClinc(process.env.FOCAL_EVAL_DIR);
  if (!loaded.ok) {
    console.log(`clinc: ${loaded.reason}`);
    return;
  }
  console.log("# CLINC150 val, local sensor alone, first turns (entered = would enter, before any floor)");
  console.log("size K | agents | examples | entered right | 70 % oos below | support ≥ / margin ≥ | share | precision");
  for (const size of SIZES) {
    const pooled: Entry[] = [];
    for (const k of KS) {
      const agents = agentsOf(loaded.data, size).map((labels) => entriesOf(loaded.data, labels, k));
      const entries = agents.flat();
      pooled.push(...entries);
      const pair = entryPair(entries);
      const floors = agents.map(floorOf);
      const floor = floors.reduce((s, f) => s + f, 0) / floors.length;
      console.log(
        `${size} × ${k} | ${agents.length} | ${size * k} | ${top1(entries).toFixed(3)} | ${floor.toFixed(3)} | ${pair.support.toFixed(2)} / ${pair.margin.toFixed(2)} | ${pair.share.toFixed(3)} | ${pair.precision.toFixed(3)}`,
      );
    }
    const pair = entryPair(pooled);
    console.log(
      `${size} pooled | | | | | ${pair.support.toFixed(2)} / ${pair.margin.toFixed(2)} | ${pair.share.toFixed(3)} | ${pair.precision.toFixed(3)}`,
    );
  }
  // The confidence formula puts 0.85 on the chosen pair: centre = pair − ln(0.85/0.15) / slope.
  console.log(
    `centres: support − ${(Math.log(0.85 / 0.15) / 14).toFixed(3)}, margin − ${(Math.log(0.85 / 0.15) / 20).toFixed(3)}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
