import { performance } from "node:perf_hooks";
import type { Report } from "../report";
import { loadClinc } from "./clinc-data";
import {
  type ClincSplit,
  type ClincTurn,
  evaluateClinc,
  type LocalDecisions,
  meanOverDomains,
  pooledLocalDecisions,
} from "./evaluate-clinc";

// The CLINC150 routing section of `npm run bench` (`BENCH_ONLY_CLINC=1` runs just this): per domain an
// agent of 15 scenarios with the first K train utterances as entry examples (K = 5, 10), every test
// utterance and 100 out-of-scope ones as first turns through runTurn, with the offline provider and
// with an oracle model (evaluate-clinc.ts). Thresholds are tuned on train and val (bench/clinc/
// calibrate-sizes.ts; the `_val` lines), never on test.
//
// Headline: `clinc_local_precision` and `clinc_local_decides_share` — of every test turn of both K
// (10 domains × 2 × 550: in-scope and out-of-scope), the share the local sensor decided alone behind the
// oracle and the share of those decisions that were right; an out-of-scope turn it decided is a wrong
// decision. Pooled over the turns, with the 95 % Wilson lower bound and the out-of-scope turns decided.
// The `_k5` / `_k10` lines after them are means over the 10 domains, per K.

const KS = [5, 10];
const SPLITS: { split: ClincSplit; suffix: string }[] = [
  { split: "test", suffix: "" },
  { split: "val", suffix: "_val" },
];

const fmt = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(3));

/** Lower end of the 95 % Wilson interval of `right` out of `n` (one-sided z = 1.645). */
function wilsonLow(right: number, n: number): number {
  if (n === 0) return Number.NaN;
  const z = 1.645;
  const p = right / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return (centre - spread) / (1 + (z * z) / n);
}

function headline(report: Report, local: LocalDecisions, suffix: string): void {
  report.figure(`clinc_local_precision${suffix}`, fmt(local.right / local.decided));
  report.figure(`clinc_local_decides_share${suffix}`, fmt(local.decided / local.turns));
  report.figure(`clinc_local_precision_wilson_low${suffix}`, fmt(wilsonLow(local.right, local.decided)));
  report.figure(`clinc_local_decisions${suffix}`, `${local.right}/${local.decided}`);
  report.figure(`clinc_local_oos_decided${suffix}`, `${local.oosDecided}/${local.oosTurns}`);
}

export async function benchClinc(report: Report, evalDir: string | undefined): Promise<void> {
  const loaded = await loadClinc(evalDir);
  if (!loaded.ok) {
    report.note(`clinc: ${loaded.reason}`);
    return;
  }
  const start = performance.now();
  report.note(
    "clinc: thresholds are tuned on train and val; lines without a suffix are test + oos_test (the first two the headline), _val lines val + oos_val",
  );
  for (const { split, suffix } of SPLITS) {
    const runs = [];
    for (const k of KS) runs.push({ k, turns: await evaluateClinc(loaded.data, k, split, ["offline", "oracle"]) });
    const oracleTurns: ClincTurn[] = runs.flatMap((run) => run.turns.oracle);
    headline(report, pooledLocalDecisions(oracleTurns), suffix);
    for (const { k, turns } of runs) {
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
