import { checkGrounding } from "@/lib/engine/stages/enforcement/grounding/check-grounding";
import { loadRatedAnswers } from "./mtrag-data";

// Fits UNSUPPORTED_SHARE_LIMIT (lib/engine/stages/enforcement/grounding/unsupported-content.ts) on
// MTRAG-UN dev: the lowest share at which the whole check (facts, then the share) flags at most 4 % of
// the faithful answers (median faithfulness ≥ 3), a point under the 5 % goal so that a new sample of
// answers has room. Run by hand: `FOCAL_EVAL_DIR=../shared/eval npx tsx bench/grounding/fit-unsupported.ts`.

const FAITHFUL_FLAG_BUDGET = 0.04;

async function main() {
  const load = await loadRatedAnswers(process.env.FOCAL_EVAL_DIR);
  if (!load.ok) throw new Error(load.reason);
  const rows = load.answers.map((a) => {
    const check = checkGrounding(a.answer, a.sources, { unsupportedShareLimit: 1 });
    return {
      unfaithful: a.faithfulness <= 2,
      byFacts: check.ungrounded.length > 0,
      share: check.unsupported.words > 0 && check.unsupported.share > 0 ? check.unsupported.share : 0,
      measured: check.unsupported.words > 0 && check.unsupported.share >= 0,
    };
  });
  const unfaithful = rows.filter((r) => r.unfaithful).length;
  const faithful = rows.length - unfaithful;
  let chosen: number | null = null;
  for (let limit = 0.2; limit <= 0.8 + 1e-9; limit += 0.01) {
    const flagged = rows.map((r) => r.byFacts || r.share > limit);
    const tp = rows.filter((r, i) => r.unfaithful && flagged[i]).length;
    const fp = rows.filter((r, i) => !r.unfaithful && flagged[i]).length;
    console.log(`limit ${limit.toFixed(2)}: unfaithful ${tp}/${unfaithful} faithful ${fp}/${faithful}`);
    if (chosen === null && fp / faithful <= FAITHFUL_FLAG_BUDGET) chosen = limit;
  }
  console.log(`lowest limit with faithful flagged ≤ ${FAITHFUL_FLAG_BUDGET}: ${chosen?.toFixed(2) ?? "none"}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
