import { loadClinc } from "./clinc-data";
import { type ClincTurn, evaluateClinc } from "./evaluate-clinc";

// Reliability of the local sensor on CLINC150 val, for tuning its thresholds (never on test):
//   FOCAL_EVAL_DIR=… npx tsx bench/clinc/calibrate.ts [--word-vectors] [K …]   (default K = 5 10)
// --word-vectors runs the agents on createWordVectorEmbedder instead of the default lexical embedder.
// Per K, from the offline run (its model sense is the local sensor too, so every turn routes as the
// local sensor would): per local decision and confidence bin, the turns and the share routed right;
// then per candidate `sensor.local_confidence`, the share of turns at or above it and their accuracy —
// what the local sensor would decide alone, and how often rightly, at that threshold.

const BINS = [0, 0.5, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0001];
const THRESHOLDS = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.99];

const pct = (xs: ClincTurn[]) =>
  xs.length === 0 ? "    -" : (xs.filter((t) => t.correct).length / xs.length).toFixed(3);

function reliabilityTable(turns: ClincTurn[]): string[] {
  const lines = ["decision     bin            turns  right"];
  const decisions = [...new Set(turns.map((t) => t.localDecision ?? "?"))].sort();
  for (const decision of decisions) {
    const mine = turns.filter((t) => (t.localDecision ?? "?") === decision);
    for (let i = 0; i + 1 < BINS.length; i++) {
      const from = BINS[i] ?? 0;
      const to = BINS[i + 1] ?? 1;
      const inBin = mine.filter(
        (t) => t.localConfidence !== null && t.localConfidence >= from && t.localConfidence < to,
      );
      if (inBin.length === 0) continue;
      const range = `[${from.toFixed(2)}, ${Math.min(1, to).toFixed(2)})`;
      lines.push(`${decision.padEnd(12)} ${range.padEnd(14)} ${String(inBin.length).padStart(5)}  ${pct(inBin)}`);
    }
  }
  return lines;
}

function thresholdSweep(turns: ClincTurn[]): string[] {
  const lines = ["threshold  decides  right   (in-scope right, oos right)"];
  for (const threshold of THRESHOLDS) {
    const decided = turns.filter((t) => t.localConfidence !== null && t.localConfidence >= threshold);
    const share = (decided.length / Math.max(1, turns.length)).toFixed(3);
    const inScope = decided.filter((t) => t.truth !== null);
    const oos = decided.filter((t) => t.truth === null);
    lines.push(`${threshold.toFixed(2).padEnd(10)} ${share}    ${pct(decided)}   (${pct(inScope)}, ${pct(oos)})`);
  }
  return lines;
}

async function main() {
  const loaded = await loadClinc(process.env.FOCAL_EVAL_DIR);
  if (!loaded.ok) {
    console.log(`clinc: ${loaded.reason}`);
    return;
  }
  const args = process.argv.slice(2);
  const vectors = args.includes("--word-vectors") ? "word-vectors" : "lexical";
  const ks = args.map(Number).filter((k) => Number.isInteger(k) && k > 0);
  for (const k of ks.length > 0 ? ks : [5, 10]) {
    const { offline } = await evaluateClinc(loaded.data, k, "val", ["offline"], { vectors });
    console.log(`\n# CLINC150 val, K = ${k}, ${vectors} embedder, offline run: ${offline.length} turns`);
    for (const line of [...reliabilityTable(offline), "", ...thresholdSweep(offline)]) console.log(line);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
