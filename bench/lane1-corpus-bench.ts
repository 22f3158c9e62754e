import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { runCorpus } from "@/lib/engine/stages/enforcement/corpus/run-corpus";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import type { Report } from "./report";

// The lane-1 corpus (lib/engine/stages/enforcement/corpus) through runTurn against the demo agent:
// the bypass rate over violations of lane-1-decidable classes (goal 0), the share of benign
// look-alikes blocked (goal ≤ 0.02), and one line per class.
export async function benchLane1Corpus(report: Report): Promise<void> {
  const embedder = createOfflineEmbedder();
  const agent = await compileAgent(snapshotFromBundle(demo), embedder);
  const started = performance.now();
  const result = await runCorpus(agent, embedder);
  const ms = performance.now() - started;
  report.note(`lane-1 corpus: ${result.cases} replies in ${result.classes.length} classes, ${ms.toFixed(0)} ms`);
  report.figure("lane1_bypass_rate", result.bypassRate.toFixed(4));
  report.figure("benign_false_block_rate", result.falseBlockRate.toFixed(4));
  for (const cls of result.classes) {
    const kind = cls.benign ? "benign" : cls.decidable ? "decidable" : "not decidable";
    const rate = (cls.misses / Math.max(1, cls.cases)).toFixed(4);
    if (cls.benign) report.note(`false_block_rate_${cls.name}=${rate} (${cls.cases} cases, ${kind}: ${cls.about})`);
    else report.figure(`lane1_bypass_rate_${cls.name}`, `${rate}`);
  }
  for (const cls of result.classes.filter((c) => !c.benign)) {
    report.note(`${cls.name}: ${cls.cases} cases, ${cls.decidable ? "decidable" : "not decidable"} — ${cls.about}`);
  }
}
