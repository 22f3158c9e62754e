import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { runCorpus } from "@/lib/engine/stages/enforcement/corpus/run-corpus";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import type { Report } from "./report";

// The lane-1 corpus (lib/engine/stages/enforcement/corpus) through runTurn against the demo agent, per
// split: the bypass rate over violations of lane-1-decidable classes in the dev split (tuned on) and in
// the frozen split (written before the code; goal 0 for both), the share of benign replies blocked over
// both splits (goal ≤ 0.01), the share of replies lane 1 left unresolved, judge calls about lane-1 rules
// per 100 replies, and one line per class.
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
  report.figure("unresolved_share", result.unresolvedShare.toFixed(4));
  report.figure("judge_calls_per_100_replies", result.judgeCallsPer100.toFixed(2));
  report.note(
    `benign false blocks by split: dev ${result.dev.falseBlockRate.toFixed(4)}, frozen ${result.frozen.falseBlockRate.toFixed(4)}`,
  );
  const plays = result.classes.reduce((n, c) => n + c.plays, 0);
  const undecidable = result.classes.filter((c) => !c.decidable);
  report.note(
    `undecidable classes (${undecidable.map((c) => c.name).join(", ")}): ${undecidable.reduce((n, c) => n + c.judgeCalls, 0)} judge calls, ${undecidable.reduce((n, c) => n + c.unresolved, 0)} unresolved plays, of ${plays} plays`,
  );
  for (const cls of result.classes) {
    const rate = (cls.misses / Math.max(1, cls.cases)).toFixed(4);
    const about = `${cls.cases} cases, ${cls.split}, ${cls.decidable ? "decidable" : "not decidable"}: ${cls.about}`;
    if (cls.benign) report.note(`false_block_rate_${cls.name}=${rate} (${about})`);
    else report.figure(`lane1_bypass_rate_${cls.name}`, rate);
    if (!cls.benign) report.note(`${cls.name}: ${about}`);
    if (cls.unresolved > 0) report.note(`${cls.name}: ${cls.unresolved} of ${cls.plays} plays unresolved`);
  }
}
