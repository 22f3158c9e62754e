import { evaluateMtrag, mtragIndexes } from "./evaluate";
import { auroc, fitLogistic, probability, type Sample } from "./fit-logistic";
import { loadMtrag } from "./mtrag-data";

// Fits lib/engine/knowledge/answerability.ts's model on MTRAG dev (mtragun-dev.jsonl):
//   FOCAL_EVAL_DIR=… npx tsx bench/knowledge/calibrate.ts
// Positives: ANSWERABLE and PARTIAL tasks; negatives: UNANSWERABLE (UNDERSPECIFIED left out: the
// agent should ask, which is neither). The threshold is the highest at which at most 10 % of the
// answerable tasks abstain: the agent abstains as often as it can without refusing what it could answer.
// Then the same fit on three collections, scored on the fourth, as an estimate of how it carries over.

const MAX_ANSWERABLE_ABSTAINED = 0.1;

interface Labelled extends Sample {
  collection: string;
}

function fitAndThreshold(samples: readonly Sample[]) {
  const model = fitLogistic(samples);
  const p = (s: Sample) => probability(model, s.x);
  const positives = samples.filter((s) => s.y === 1);
  let threshold = 0;
  for (const t of [...new Set(samples.map(p))].sort((a, b) => a - b)) {
    if (positives.filter((s) => p(s) < t).length / positives.length <= MAX_ANSWERABLE_ABSTAINED) threshold = t;
  }
  return { model, p, threshold: Math.floor(threshold * 1000) / 1000 };
}

function abstained(samples: readonly Sample[], p: (s: Sample) => number, threshold: number, y: 0 | 1): string {
  const mine = samples.filter((s) => s.y === y);
  return `${mine.filter((s) => p(s) < threshold).length}/${mine.length}`;
}

async function main() {
  const mtrag = await loadMtrag(process.env.FOCAL_EVAL_DIR);
  if (!mtrag.ok) throw new Error(mtrag.reason);
  const { indexes } = await mtragIndexes(mtrag.data, true);
  const outcomes = await evaluateMtrag(mtrag.data, indexes, "contextual");
  const samples: Labelled[] = [];
  for (const o of outcomes) {
    if (o.label === "UNDERSPECIFIED") continue;
    const y = o.label === "UNANSWERABLE" ? 0 : 1;
    samples.push({ x: [o.verdict.coverage, o.verdict.missing], y, collection: o.collection });
  }
  const pos = samples.filter((s) => s.y === 1);
  const neg = samples.filter((s) => s.y === 0);
  const feature = (i: number) =>
    auroc(
      pos.map((s) => s.x[i] ?? 0),
      neg.map((s) => s.x[i] ?? 0),
    );
  console.log(`MTRAG dev: ${pos.length} answerable or partial, ${neg.length} unanswerable`);
  console.log(`auroc coverage=${feature(0).toFixed(3)} missing=${(1 - feature(1)).toFixed(3)} (lower is answerable)`);
  const all = fitAndThreshold(samples);
  const [coverage = 0, missing = 0] = all.model.w;
  console.log(
    `model coverage=${coverage.toFixed(3)} missing=${missing.toFixed(3)} bias=${all.model.bias.toFixed(3)} threshold=${all.threshold}; auroc=${auroc(pos.map(all.p), neg.map(all.p)).toFixed(3)}`,
  );
  console.log(
    `abstained: answerable ${abstained(samples, all.p, all.threshold, 1)}, unanswerable ${abstained(samples, all.p, all.threshold, 0)}`,
  );
  for (const heldOut of [...new Set(samples.map((s) => s.collection))].sort()) {
    const trained = fitAndThreshold(samples.filter((s) => s.collection !== heldOut));
    const test = samples.filter((s) => s.collection === heldOut);
    console.log(
      `held out ${heldOut}: answerable abstained ${abstained(test, trained.p, trained.threshold, 1)}, unanswerable ${abstained(test, trained.p, trained.threshold, 0)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
