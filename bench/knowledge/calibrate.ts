import { FEATURE_NAMES } from "@/lib/engine/knowledge/answerability-features";
import { fnv1a } from "@/lib/engine/text/words";
import { evaluateMtrag, type MtragOutcome, mtragIndexes } from "./evaluate";
import { auroc, fitStandardised, type Logistic, probability, type Sample } from "./fit-logistic";
import { loadMtrag } from "./mtrag-data";

// Fits lib/engine/knowledge/answerability.ts's model on MTRAG dev (mtragun-dev.jsonl):
//   FOCAL_EVAL_DIR=… npx tsx bench/knowledge/calibrate.ts
// Positives: ANSWERABLE and PARTIAL tasks; negatives: UNANSWERABLE (UNDERSPECIFIED left out: the
// agent should ask, which is neither). The threshold is the highest at which at most 6 % of the
// answerable tasks abstain: the agent abstains as often as it can without refusing what it could answer.
// Printed: each feature's AUROC; the model (paste it into answerability.ts) and its figures in sample;
// then held out, each part scored by a model and threshold fitted on the rest: 5 folds by conversation,
// and each collection scored by a fit on the other three. The model before (coverage and the rarest
// lacking word's idf, two features) goes through the same folds, as the baseline.

/**
 * 0.06: the goal is answerable questions answered with their passage (≥ 0.92 of them, with 0.975 of the
 * passages in the top 5); at 0.10 the verdict abstained on 0.78 of the unanswerable and answered 0.889.
 */
const MAX_ANSWERABLE_ABSTAINED = 0.06;
/** On standardised features; 0.001 and 0.03 gave the same held-out figures within a question or two. */
const L2 = 0.01;
const FOLDS = 5;

interface Labelled extends Sample {
  outcome: MtragOutcome;
}

function fitAndThreshold(samples: readonly Labelled[]) {
  const model = fitStandardised(samples, L2);
  const p = (s: Sample) => probability(model, s.x);
  const positives = samples.filter((s) => s.y === 1);
  let threshold = 0;
  for (const t of [...new Set(samples.map(p))].sort((a, b) => a - b)) {
    if (positives.filter((s) => p(s) < t).length / positives.length <= MAX_ANSWERABLE_ABSTAINED) threshold = t;
  }
  return { model, threshold: Math.floor(threshold * 1000) / 1000 };
}

/** A verdict per sample: abstained or not. */
type Verdicts = Map<Labelled, boolean>;

function figures(samples: readonly Labelled[], abstains: Verdicts, scores: Map<Labelled, number>): string {
  const count = (y: 0 | 1) => {
    const mine = samples.filter((s) => s.y === y);
    const n = mine.filter((s) => abstains.get(s)).length;
    return `${n}/${mine.length} = ${(n / mine.length).toFixed(3)}`;
  };
  const withGold = samples.filter((s) => s.y === 1 && s.outcome.hasGold);
  const cited = withGold.filter((s) => !abstains.get(s) && s.outcome.goldRank !== null).length;
  const pos = samples.filter((s) => s.y === 1).map((s) => scores.get(s) ?? 0);
  const neg = samples.filter((s) => s.y === 0).map((s) => scores.get(s) ?? 0);
  return `unanswerable abstained ${count(0)}, answerable abstained ${count(1)}, answered with gold in top 5 ${(cited / withGold.length).toFixed(3)}, auroc ${auroc(pos, neg).toFixed(3)}`;
}

/** Each part of `parts` scored by a model and threshold fitted on the others. */
function heldOut(samples: readonly Labelled[], partOf: (s: Labelled) => string): string {
  const abstains: Verdicts = new Map();
  const scores = new Map<Labelled, number>();
  for (const part of [...new Set(samples.map(partOf))].sort()) {
    const { model, threshold } = fitAndThreshold(samples.filter((s) => partOf(s) !== part));
    for (const s of samples.filter((s) => partOf(s) === part)) {
      const p = probability(model, s.x);
      scores.set(s, p);
      abstains.set(s, p < threshold);
    }
  }
  return figures(samples, abstains, scores);
}

function inSample(samples: readonly Labelled[], model: Logistic, threshold: number): string {
  const scores = new Map(samples.map((s) => [s, probability(model, s.x)]));
  return figures(samples, new Map(samples.map((s) => [s, (scores.get(s) ?? 0) < threshold])), scores);
}

function report(name: string, samples: readonly Labelled[]): void {
  const { model, threshold } = fitAndThreshold(samples);
  console.log(`\n${name}`);
  console.log(`  in sample:                  ${inSample(samples, model, threshold)}`);
  console.log(
    `  held out, ${FOLDS} folds by conversation: ${heldOut(samples, (s) => String(fnv1a(s.outcome.conversationId) % FOLDS))}`,
  );
  console.log(`  held out, by collection:    ${heldOut(samples, (s) => s.outcome.collection)}`);
}

async function main() {
  const mtrag = await loadMtrag(process.env.FOCAL_EVAL_DIR);
  if (!mtrag.ok) throw new Error(mtrag.reason);
  const { indexes } = await mtragIndexes(mtrag.data, true);
  const outcomes = (await evaluateMtrag(mtrag.data, indexes, "contextual")).filter((o) => o.label !== "UNDERSPECIFIED");
  const label = (o: MtragOutcome): 0 | 1 => (o.label === "UNANSWERABLE" ? 0 : 1);
  const samples: Labelled[] = outcomes.map((o) => ({
    x: FEATURE_NAMES.map((name) => o.verdict.features[name]),
    y: label(o),
    outcome: o,
  }));
  const before: Labelled[] = outcomes.map((o) => ({
    x: [o.verdict.coverage, o.verdict.missing],
    y: label(o),
    outcome: o,
  }));
  const pos = samples.filter((s) => s.y === 1);
  const neg = samples.filter((s) => s.y === 0);
  console.log(`MTRAG dev: ${pos.length} answerable or partial, ${neg.length} unanswerable`);
  for (const [i, name] of FEATURE_NAMES.entries()) {
    const value = (s: Sample) => s.x[i] ?? 0;
    const mean = (list: Sample[]) => (list.reduce((sum, s) => sum + value(s), 0) / list.length).toFixed(3);
    console.log(
      `  ${name.padEnd(9)} auroc ${auroc(pos.map(value), neg.map(value)).toFixed(3)}  mean answerable ${mean(pos)}, unanswerable ${mean(neg)}`,
    );
  }
  const { model, threshold } = fitAndThreshold(samples);
  const weights = Object.fromEntries(FEATURE_NAMES.map((name, i) => [name, Number((model.w[i] ?? 0).toFixed(3))]));
  console.log(`\nmodel: ${JSON.stringify({ weights, bias: Number(model.bias.toFixed(3)), threshold })}`);
  report("model (answerability-features.ts)", samples);
  report("before: coverage and the rarest lacking word's idf", before);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
