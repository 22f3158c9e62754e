import { performance } from "node:perf_hooks";
import type { Report } from "../report";
import { loadClinc } from "./clinc-data";
import { type ClincSplit, evaluateClinc, meanOverDomains } from "./evaluate-clinc";

// The CLINC150 routing section of `npm run bench` (`BENCH_ONLY_CLINC=1` runs just this): per domain an
// agent of 15 scenarios with the first K train utterances as entry examples (K = 5, 10), every test
// utterance and 100 out-of-scope ones as first turns through runTurn, with the offline provider and
// with an oracle model (evaluate-clinc.ts). Figures are means over the 10 domains. Thresholds are tuned
// on val (the `_val` lines, and bench/clinc/calibrate.ts), never on test.

const KS = [5, 10];
const SPLITS: { split: ClincSplit; suffix: string }[] = [
  { split: "test", suffix: "" },
  { split: "val", suffix: "_val" },
];

const fmt = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(3));

export async function benchClinc(report: Report, evalDir: string | undefined): Promise<void> {
  const loaded = await loadClinc(evalDir);
  if (!loaded.ok) {
    report.note(`clinc: ${loaded.reason}`);
    return;
  }
  const start = performance.now();
  report.note("clinc: thresholds are tuned on val (the _val lines); the test lines are the reported figures");
  for (const { split, suffix } of SPLITS) {
    for (const k of KS) {
      const turns = await evaluateClinc(loaded.data, k, split, ["offline", "oracle"]);
      const offline = meanOverDomains(turns.offline);
      const oracle = meanOverDomains(turns.oracle);
      report.figure(`clinc_in_scope_accuracy_offline_k${k}${suffix}`, fmt(offline.inScopeAccuracy));
      report.figure(`clinc_oos_to_none_offline_k${k}${suffix}`, fmt(offline.oosToNone));
      report.figure(`clinc_local_decides_share_k${k}${suffix}`, fmt(oracle.localDecidesShare));
      report.figure(`clinc_local_precision_k${k}${suffix}`, fmt(oracle.localPrecision));
      report.figure(`clinc_in_scope_accuracy_oracle_k${k}${suffix}`, fmt(oracle.inScopeAccuracy));
      report.figure(`clinc_oos_to_none_oracle_k${k}${suffix}`, fmt(oracle.oosToNone));
    }
  }
  // The word-vector embedder (createWordVectorEmbedder), on val only: the figures it was chosen by.
  for (const k of KS) {
    const turns = await evaluateClinc(loaded.data, k, "val", ["offline", "oracle"], { vectors: "word-vectors" });
    const offline = meanOverDomains(turns.offline);
    const oracle = meanOverDomains(turns.oracle);
    report.figure(`clinc_in_scope_accuracy_offline_k${k}_val_sg100d`, fmt(offline.inScopeAccuracy));
    report.figure(`clinc_oos_to_none_offline_k${k}_val_sg100d`, fmt(offline.oosToNone));
    report.figure(`clinc_local_decides_share_k${k}_val_sg100d`, fmt(oracle.localDecidesShare));
    report.figure(`clinc_local_precision_k${k}_val_sg100d`, fmt(oracle.localPrecision));
  }
  report.note(`clinc: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
