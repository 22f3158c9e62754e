import { benchHeap, benchModelCalls, benchOverhead } from "./engine-bench";
import { Report } from "./report";

// `npm run bench`: prints name=value lines. Quote medians/p95 from one run; machines are shared.
// BENCH_TURNS sets turns per rule count (default 300).
async function main() {
  const report = new Report();
  report.note(`node ${process.version}, ${new Date().toISOString()}`);
  await benchModelCalls(report);
  await benchOverhead(report, [10, 100, 1000, 10_000], Number(process.env.BENCH_TURNS ?? 300));
  await benchHeap(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
