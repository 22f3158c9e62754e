import { loadDstc11 } from "./dstc11-data";
import { dstcIndex, evaluateDstc, evaluateMtrag, mtragIndexes } from "./evaluate";
import { auroc, fitLogistic, probability, type Sample } from "./fit-logistic";
import { loadMtrag } from "./mtrag-data";

// Fits lib/engine/knowledge/answerability.ts's model on MTRAG dev (mtragun-dev.jsonl):
//   FOCAL_EVAL_DIR=… npx tsx bench/knowledge/calibrate.ts
// Positives: ANSWERABLE and PARTIAL tasks; negatives: UNANSWERABLE (UNDERSPECIFIED left out: the
// agent should ask, which is neither). The threshold is the highest at which at most 10 % of the
// answerable tasks abstain: the agent abstains as often as it can without refusing what it could answer.

const MAX_ANSWERABLE_ABSTAINED = 0.1;

async function main() {
  const evalDir = process.env.FOCAL_EVAL_DIR;
  const mtrag = await loadMtrag(evalDir);
  if (!mtrag.ok) throw new Error(mtrag.reason);
  const { indexes } = await mtragIndexes(mtrag.data, true);
  const outcomes = await evaluateMtrag(mtrag.data, indexes, "contextual");
  const samples: Sample[] = [];
  for (const o of outcomes) {
    if (o.label === "UNDERSPECIFIED") continue;
    samples.push({ x: [o.verdict.coverage, o.verdict.similarity], y: o.label === "UNANSWERABLE" ? 0 : 1 });
  }
  const pos = samples.filter((s) => s.y === 1);
  const neg = samples.filter((s) => s.y === 0);
  console.log(`MTRAG dev: ${pos.length} answerable/partial, ${neg.length} unanswerable`);
  console.log(
    `auroc coverage=${auroc(
      pos.map((s) => s.x[0]),
      neg.map((s) => s.x[0]),
    ).toFixed(3)} similarity=${auroc(
      pos.map((s) => s.x[1]),
      neg.map((s) => s.x[1]),
    ).toFixed(3)}`,
  );
  const model = fitLogistic(samples);
  const p = (s: Sample) => probability(model, s.x);
  console.log(
    `model coverage=${model.w[0].toFixed(3)} similarity=${model.w[1].toFixed(3)} bias=${model.bias.toFixed(3)}; auroc=${auroc(pos.map(p), neg.map(p)).toFixed(3)}`,
  );
  const candidates = [...new Set(samples.map(p))].sort((a, b) => a - b);
  let threshold = 0;
  for (const t of candidates) {
    const abstained = pos.filter((s) => p(s) < t).length / pos.length;
    if (abstained <= MAX_ANSWERABLE_ABSTAINED) threshold = t;
  }
  const rounded = Math.floor(threshold * 1000) / 1000;
  const answerableAbstained = pos.filter((s) => p(s) < rounded).length / pos.length;
  const unanswerableAbstained = neg.filter((s) => p(s) < rounded).length / neg.length;
  console.log(
    `threshold=${rounded}: answerable abstained ${answerableAbstained.toFixed(3)}, unanswerable abstained ${unanswerableAbstained.toFixed(3)}`,
  );

  const dstc = await loadDstc11(evalDir);
  if (!dstc.ok) throw new Error(dstc.reason);
  const { index } = await dstcIndex(dstc.data, true);
  const turns = await evaluateDstc(dstc.data, index, "contextual");
  const t = turns.filter((o) => o.target);
  const f = turns.filter((o) => !o.target);
  console.log(
    `DSTC11 target auroc coverage=${auroc(
      t.map((o) => o.verdict.coverage),
      f.map((o) => o.verdict.coverage),
    ).toFixed(3)} similarity=${auroc(
      t.map((o) => o.verdict.similarity),
      f.map((o) => o.verdict.similarity),
    ).toFixed(3)} score=${auroc(
      t.map((o) => o.verdict.score),
      f.map((o) => o.verdict.score),
    ).toFixed(3)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
