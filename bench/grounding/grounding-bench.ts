import { performance } from "node:perf_hooks";
import { checkGrounding, type GroundingOptions } from "@/lib/engine/stages/enforcement/grounding/check-grounding";
import { ungroundedCheck } from "@/lib/engine/stages/enforcement/ungrounded";
import { percentile, type Report } from "../report";
import { loadRatedAnswers, type RatedAnswer } from "./mtrag-data";

// The deterministic grounding check (lib/engine/stages/enforcement/grounding/) on MTRAG-UN's rated
// answers (dev, $FOCAL_EVAL_DIR/mtrag/human-evaluations-dev.json): 363 answers to 121 multi-turn
// questions, each checked against its task's gold passages and the user's turns. An answer whose
// median faithfulness is ≤ 2 is unfaithful. Goals: flag ≥ 0.40 of the unfaithful answers and ≤ 0.05
// of the faithful ones. The share limit of unsupported words was fit on this same file
// (bench/grounding/fit-unsupported.ts), so these are training figures; the hidden part is scored
// elsewhere. `_facts_only` is the fact check alone; `_names` lets three unknown name words block too.
// `ungrounded_*`: the pipeline's lane-1 check (stages/enforcement/ungrounded.ts) as it runs under
// `enforcement.grounding_facts = block` — facts only, names reported — with the passages as cited passages.
// Latency: one checkGrounding call per answer (reply, passages and customer turns indexed each time).

const fmt = (x: number) => x.toFixed(3);

function flagRates(answers: RatedAnswer[], options: GroundingOptions) {
  let unfaithful = 0;
  let faithful = 0;
  let unfaithfulFlagged = 0;
  let faithfulFlagged = 0;
  const kinds = new Map<string, number>();
  const ms: number[] = [];
  for (const answer of answers) {
    const start = performance.now();
    const check = checkGrounding(answer.answer, answer.sources, options);
    ms.push(performance.now() - start);
    const isUnfaithful = answer.faithfulness <= 2;
    if (isUnfaithful) unfaithful += 1;
    else faithful += 1;
    if (check.grounded) continue;
    if (isUnfaithful) unfaithfulFlagged += 1;
    else faithfulFlagged += 1;
    const reasons = new Set<string>(check.ungrounded.map((f) => f.kind));
    if (check.unsupported.over) reasons.add("unsupported_share");
    for (const reason of reasons) {
      const key = `${isUnfaithful ? "unfaithful" : "faithful"}:${reason}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
  }
  return { unfaithful, faithful, unfaithfulFlagged, faithfulFlagged, kinds, ms };
}

export async function benchGrounding(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await loadRatedAnswers(evalDir);
  if (!load.ok) {
    report.note(`grounding: ${load.reason}`);
    return;
  }
  // One pass to compile the regexes and warm the JIT before anything is timed.
  flagRates(load.answers, {});
  const main = flagRates(load.answers, {});
  report.figure("grounding_unfaithful_flagged_share", fmt(main.unfaithfulFlagged / main.unfaithful));
  report.figure("grounding_faithful_flagged_share", fmt(main.faithfulFlagged / main.faithful));
  report.figure("grounding_unfaithful_flagged", main.unfaithfulFlagged);
  report.figure("grounding_unfaithful_answers", main.unfaithful);
  report.figure("grounding_faithful_flagged", main.faithfulFlagged);
  report.figure("grounding_faithful_answers", main.faithful);
  report.figure("grounding_check_ms_p50", percentile(main.ms, 50).toFixed(3));
  report.figure("grounding_check_ms_p95", percentile(main.ms, 95).toFixed(3));
  const reasons = [...main.kinds].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`);
  report.note(`grounding: answers flagged by reason (one answer may have several): ${reasons.join(", ")}`);

  const factsOnly = flagRates(load.answers, { unsupportedShareLimit: null });
  report.figure(
    "grounding_unfaithful_flagged_share_facts_only",
    fmt(factsOnly.unfaithfulFlagged / factsOnly.unfaithful),
  );
  report.figure("grounding_faithful_flagged_share_facts_only", fmt(factsOnly.faithfulFlagged / factsOnly.faithful));
  const pipeline = { caught: 0, blocked: 0 };
  for (const answer of load.answers) {
    if (ungroundedCheck(answer.answer, answer.sources, "block").result !== "failed") continue;
    if (answer.faithfulness <= 2) pipeline.caught += 1;
    else pipeline.blocked += 1;
  }
  report.figure("ungrounded_unfaithful_caught", pipeline.caught);
  report.figure("ungrounded_faithful_blocked", pipeline.blocked);
  report.figure("ungrounded_unfaithful_caught_share", fmt(pipeline.caught / main.unfaithful));
  report.figure("ungrounded_faithful_blocked_share", fmt(pipeline.blocked / main.faithful));
  const names = flagRates(load.answers, { nameWordsToBlock: 3 });
  report.figure("grounding_unfaithful_flagged_share_names", fmt(names.unfaithfulFlagged / names.unfaithful));
  report.figure("grounding_faithful_flagged_share_names", fmt(names.faithfulFlagged / names.faithful));
}
