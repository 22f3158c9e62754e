import { performance } from "node:perf_hooks";
import { seeksKnowledge } from "@/lib/engine/knowledge/seeks-knowledge";
import { percentile, type Report } from "../report";
import { dstcHalf, loadDstc11 } from "./dstc11-data";
import {
  dstcIndex,
  evaluateDstc,
  evaluateMtrag,
  type Ingestion,
  loadWordVectors,
  type Method,
  mtragIndexes,
  type Outcome,
} from "./evaluate";
import { loadMtrag } from "./mtrag-data";

// The knowledge section of `npm run bench` (`BENCH_ONLY=knowledge`): lib/engine/knowledge over public
// data read from $FOCAL_EVAL_DIR (bench/knowledge/README.md says what each figure is and what it was
// tuned on).
//
//   MTRAG-UN dev    a collection's passages are its knowledge base; the last user turn of each task is
//                   the question. knowledge_search_recall5: a gold passage in the top 5 (tasks with gold
//                   passages); the answerability verdict on answerable, partial and unanswerable tasks.
//   DSTC11 val-dev  the 2,869 FAQ entries of 143 hotels and restaurants are one knowledge base;
//                   knowledge_faq_recall5 over the turns whose gold includes a FAQ entry, and the
//                   accuracy of seeks-knowledge.ts against the turns' `target`.
//
// Baselines (`_bm25_…`) search the same index with plain BM25: the last question alone, the last 3
// user turns, the last 5 utterances, each word at weight 1, no vectors, no carried titles.

const fmt = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(3));
const share = <T>(items: readonly T[], test: (item: T) => boolean) =>
  items.length === 0 ? Number.NaN : items.filter(test).length / items.length;
const inTop5 = (o: Outcome) => o.goldRank !== null;

function latency(report: Report, name: string, outcomes: readonly Outcome[]): void {
  const ms = outcomes.map((o) => o.searchMs);
  report.figure(`knowledge_search_ms_p50_${name}`, percentile(ms, 50).toFixed(2));
  report.figure(`knowledge_search_ms_p95_${name}`, percentile(ms, 95).toFixed(2));
}

type Run = (method: Method) => Promise<(Outcome & { hasGold: boolean })[]>;

/** `figure`: the share of questions with gold whose top 5 holds one, by `method`. */
async function recall(report: Report, figure: string, run: Run, method: Method): Promise<void> {
  const outcomes = (await run(method)).filter((o) => o.hasGold);
  report.figure(figure, fmt(share(outcomes, inTop5)));
}

const BASELINES: Record<"mtrag" | "dstc", [Method, string][]> = {
  mtrag: [
    ["bm25_last", "_bm25_last"],
    ["bm25_last3_user", "_bm25_last3_user"],
    ["contextual_lexical", "_lexical_only"],
  ],
  dstc: [
    ["bm25_last", "_bm25_last"],
    ["bm25_last5_turns", "_bm25_last5_turns"],
    ["contextual_lexical", "_lexical_only"],
  ],
};

function ingestion(report: Report, name: string, ingested: Ingestion): void {
  report.figure(`knowledge_ingest_passages_${name}`, ingested.passages);
  report.figure(`knowledge_ingest_passages_per_s_${name}`, Math.round(ingested.passages / (ingested.ms / 1000)));
}

async function benchMtrag(report: Report, evalDir: string | undefined): Promise<void> {
  const loaded = await loadMtrag(evalDir);
  if (!loaded.ok) {
    report.note(`knowledge mtrag: ${loaded.reason}`);
    return;
  }
  const data = loaded.data;
  const lexical = await mtragIndexes(data, false);
  const lexicalRun: Run = (method) => evaluateMtrag(data, lexical.indexes, method);
  for (const [method, suffix] of BASELINES.mtrag)
    await recall(report, `knowledge_search_recall5${suffix}`, lexicalRun, method);
  const full = await mtragIndexes(data, true);
  ingestion(report, "mtrag", full.ingestion);
  // The headline run first, so its latency includes each new word's first expansion (cold cache).
  const outcomes = await evaluateMtrag(data, full.indexes, "contextual");
  const withGold = outcomes.filter((o) => o.hasGold);
  report.figure("knowledge_search_recall5", fmt(share(withGold, inTop5)));
  report.figure("knowledge_search_tasks", withGold.length);
  const answerable = outcomes.filter((o) => o.label === "ANSWERABLE" && o.hasGold);
  report.figure("knowledge_answerable_recall5", fmt(share(answerable, inTop5)));
  const answering = outcomes.filter((o) => o.label === "ANSWERABLE" || o.label === "PARTIAL");
  const unanswerable = outcomes.filter((o) => o.label === "UNANSWERABLE");
  const underspecified = outcomes.filter((o) => o.label === "UNDERSPECIFIED");
  const abstained = (o: Outcome) => !o.verdict.answerable;
  report.figure("knowledge_unanswerable_abstained", fmt(share(unanswerable, abstained)));
  report.figure("knowledge_answerable_abstained", fmt(share(answering, abstained)));
  report.figure("knowledge_underspecified_abstained", fmt(share(underspecified, abstained)));
  report.figure(
    "knowledge_answerable_answered_with_gold5",
    fmt(
      share(
        answering.filter((o) => o.hasGold),
        (o) => !abstained(o) && inTop5(o),
      ),
    ),
  );
  latency(report, "mtrag", outcomes);
  await recall(
    report,
    "knowledge_search_recall5_rrf",
    (method) => evaluateMtrag(data, full.indexes, method),
    "contextual_rrf",
  );
}

async function benchDstc(report: Report, evalDir: string | undefined): Promise<void> {
  const loaded = await loadDstc11(evalDir);
  if (!loaded.ok) {
    report.note(`knowledge dstc11: ${loaded.reason}`);
    return;
  }
  const data = loaded.data;
  const lexical = await dstcIndex(data, false);
  const lexicalRun: Run = (method) => evaluateDstc(data, lexical.index, method);
  for (const [method, suffix] of BASELINES.dstc)
    await recall(report, `knowledge_faq_recall5${suffix}`, lexicalRun, method);
  const full = await dstcIndex(data, true);
  ingestion(report, "dstc11_faq", full.ingestion);
  const outcomes = await evaluateDstc(data, full.index, "contextual");
  const withGold = outcomes.filter((o) => o.hasGold);
  report.figure("knowledge_faq_recall5", fmt(share(withGold, inTop5)));
  report.figure("knowledge_faq_turns", withGold.length);
  // The term associations' parameters (term-associations.ts) were chosen on the "tuning" half alone.
  const halves = data.dialogues.map(dstcHalf);
  for (const half of ["tuning", "held-out"] as const) {
    const part = outcomes.filter((o, i) => o.hasGold && halves[i] === half);
    const name = half === "tuning" ? "tuning" : "held_out";
    report.figure(`knowledge_faq_recall5_${name}`, fmt(share(part, inTop5)));
    report.figure(`knowledge_faq_turns_${name}`, part.length);
  }
  const right = data.dialogues.filter((d) => seeksKnowledge(d.turns.at(-1)?.text ?? "") === d.target);
  report.figure("knowledge_needs_knowledge_accuracy", fmt(right.length / data.dialogues.length));
  report.figure("knowledge_needs_knowledge_turns", data.dialogues.length);
  latency(report, "dstc11_faq", outcomes);
  await recall(
    report,
    "knowledge_faq_recall5_rrf",
    (method) => evaluateDstc(data, full.index, method),
    "contextual_rrf",
  );
}

export async function benchKnowledge(report: Report, evalDir: string | undefined): Promise<void> {
  if (!evalDir) {
    report.note("knowledge: skipped (no FOCAL_EVAL_DIR)");
    return;
  }
  const start = performance.now();
  report.figure("knowledge_word_vectors_load_ms", Math.round(loadWordVectors()));
  await benchMtrag(report, evalDir);
  await benchDstc(report, evalDir);
  report.note(`knowledge: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
