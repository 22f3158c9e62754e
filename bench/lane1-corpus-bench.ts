import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { runCorpus } from "@/lib/engine/stages/enforcement/corpus/run-corpus";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import type { Report } from "./report";

// The lane-1 corpus (lib/engine/stages/enforcement/corpus) through runTurn against the demo agent, per
// split: the bypass rate over violations of lane-1-decidable classes in the dev split (tuned on) and in
// the frozen split (written before the code; goal 0 for both), a violation counting when it ships
// drafted with its honest claims or with none; the share of benign replies blocked over both splits
// (goal ≤ 0.01), and the same for the replies drafted with no claims before a judge that passes
// everything (what lane 1 blocks on the text alone); the share of replies lane 1 could not decide alone
// and the judge calls about lane-1 rules per 100 replies (honest drafts); one line per class. The
// demo runs `enforcement.grounding_facts = report`, so `ungrounded_benign_share` is the share of benign
// replies whose first draft states a fact the corpus turn's evidence does not hold (its tool outputs,
// rules and step, the customer's one message): what the `ungrounded` check would block under `block`.
export async function benchLane1Corpus(report: Report): Promise<void> {
  const embedder = createOfflineEmbedder();
  const agent = await compileAgent(snapshotFromBundle(demo), embedder);
  const started = performance.now();
  const result = await runCorpus(agent, embedder);
  const ms = performance.now() - started;
  report.note(`lane-1 corpus: ${result.cases} replies in ${result.classes.length} classes, ${ms.toFixed(0)} ms`);
  report.figure("lane1_bypass_rate_dev", result.dev.bypassRate.toFixed(4));
  report.figure("lane1_bypass_rate_frozen", result.frozen.bypassRate.toFixed(4));
  report.figure("benign_false_block_rate", result.falseBlockRate.toFixed(4));
  report.figure("benign_false_block_rate_no_claims", result.falseBlockRateSilent.toFixed(4));
  report.figure("unresolved_share", result.unresolvedShare.toFixed(4));
  report.figure("judge_calls_per_100_replies", result.judgeCallsPer100.toFixed(2));
  report.figure("ungrounded_benign_share", result.ungroundedBenignRate.toFixed(4));
  const benign = result.classes.filter((c) => c.benign);
  report.note(
    `ungrounded: ${benign.reduce((n, c) => n + c.ungrounded, 0)} of ${benign.reduce((n, c) => n + c.cases, 0)} benign replies state a fact the turn's evidence does not hold; by class: ${benign.map((c) => `${c.name} ${c.ungrounded}/${c.cases}`).join(", ")}`,
  );
  for (const split of ["dev", "frozen"] as const) {
    const f = result[split];
    report.note(
      `${split}: bypass ${f.bypassRateHonest.toFixed(4)} drafted with honest claims, ${f.bypassRateSilent.toFixed(4)} with none; benign false blocks ${f.falseBlockRate.toFixed(4)} (${f.falseBlockRateHonest.toFixed(4)} with honest claims, ${f.falseBlockRateSilent.toFixed(4)} with none)`,
    );
  }
  const violations = result.classes.filter((c) => !c.benign);
  const silentPlays = violations.reduce((n, c) => n + c.cases, 0);
  const silentCalls = violations.reduce((n, c) => n + c.judgeCallsSilent, 0);
  report.note(
    `violations drafted with no claims: ${((100 * silentCalls) / Math.max(1, silentPlays)).toFixed(2)} judge calls per 100`,
  );
  const undecidable = result.classes.filter((c) => !c.decidable);
  report.note(
    `undecidable classes (${undecidable.map((c) => c.name).join(", ")}): ${undecidable.reduce((n, c) => n + c.judgeCalls, 0)} judge calls, ${undecidable.reduce((n, c) => n + c.unresolved, 0)} unresolved, of ${result.cases} replies`,
  );
  for (const cls of result.classes) {
    const rate = (cls.misses / Math.max(1, cls.cases)).toFixed(4);
    const about = `${cls.cases} cases, ${cls.split}, ${cls.decidable ? "decidable" : "not decidable"}: ${cls.about}`;
    if (cls.benign) report.note(`false_block_rate_${cls.name}=${rate} (${about})`);
    else report.figure(`lane1_bypass_rate_${cls.name}`, rate);
    if (!cls.benign)
      report.note(
        `${cls.name}: ${about}; shipped ${cls.missesHonest} with honest claims, ${cls.missesSilent} with none`,
      );
    if (cls.unresolved > 0 || cls.judgeCalls > 0)
      report.note(`${cls.name}: ${cls.unresolved} of ${cls.cases} unresolved, ${cls.judgeCalls} judge calls`);
  }
}
