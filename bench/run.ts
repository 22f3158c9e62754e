import { benchBackground } from "./background-bench";
import { runBenchChild } from "./bench-child";
import { benchCompare, compareOptionsFrom } from "./compare/compare";
import { benchEnvironments } from "./environments-bench";
import { benchDbBlip } from "./http/db-blip-bench";
import { benchHandoff } from "./http/handoff-bench";
import { benchHttp } from "./http/http-bench";
import { benchMultiInstance } from "./http/multi-instance-bench";
import { benchStream } from "./http/stream-bench";
import { benchWidget } from "./http/widget-bench";
import { benchKnowledgePg } from "./knowledge/knowledge-pg-bench";
import { benchLedger } from "./ledger-bench";
import { benchMemory } from "./memory-bench";
import { Report } from "./report";
import { type BenchSection, isBenchSection } from "./sections";
import { benchToolCalls } from "./tool-call-bench";
import { benchTraces } from "./traces-bench";
import { benchUsage } from "./usage-bench";

// `npm run bench`: prints name=value lines. Quote medians/p95 from one run; machines are shared.
// BENCH_TURNS sets turns per rule count (default 300).
//
// `BENCH_HTTP=1 npm run bench` adds the HTTP load figures (bench/http/http-bench.ts): `next start`
// on PGlite and on PostgreSQL (127.0.0.1:5432, or FOCAL_TEST_DATABASE_URL; a temporary database is
// created and dropped), 50 autocannon connections for BENCH_HTTP_SECONDS (default 20) per database.
// Needs a build (`npm run build`; built first if .next has none) and about 2–3 minutes. Then
// bench/http/multi-instance-bench.ts: 3 instances on one PostgreSQL database behind a round-robin
// proxy, 50 sessions, and a run with one instance SIGKILLed (~3 minutes more).
// `BENCH_LEDGER=1` adds ledger_appends_per_s_{serial,concurrent_50} (session chains) and the same two
// for the global chain (ledger_global_…), in a temporary PostgreSQL database (bench/ledger-bench.ts).
//
// `BENCH_STREAM=1` adds the turn event stream (bench/http/stream-bench.ts): turn_first_event_ms_p50
// and turn_final_ms_p50 over HTTP, offline and against a 300 ms-per-call model server (_delay300).
// `BENCH_DB_BLIP=1` adds a database blip under load (bench/http/db-blip-bench.ts, PostgreSQL and a
// build, ~40 s): turns_unacknowledged_after_db_blip, db_blip_recovery_ms, db_blip_health_recovery_ms.
// `BENCH_BACKGROUND=1` adds live turns and /api/health timed idle and while the largest test run works
// (bench/background-bench.ts, about 2 minutes); `BENCH_ONLY_BACKGROUND=1` runs just that.
// `BENCH_HANDOFF=1` adds handoff_to_first_operator_message_p50_ms and the session event stream's
// delivery with 200 streams open (bench/http/handoff-bench.ts); `BENCH_ONLY_HANDOFF=1` runs just that.
// `BENCH_WIDGET=1` adds the widget in Chromium (widget_first_progress_ms_p50, widget_reply_ms_p50) and 200
// widget sessions at once (widget_turns_per_s, widget_turns_lost) (bench/http/widget-bench.ts);
// `BENCH_ONLY_WIDGET=1` runs just that.
// `BENCH_ONLY_LANGUAGE=1` runs only the language detector on CLINC150 and the repo's samples (bench/language-bench.ts).
// `BENCH_ENVIRONMENTS=1` adds session creation with a 3-way split against none and a split's comparison
// over 1,000,000 turns (bench/environments-bench.ts, about 2 minutes on PostgreSQL).
// `BENCH_USAGE=1` adds GET …/usage's query for a 30-day window over 1,000,000 turns on PostgreSQL, summed
// from turns and from the usage rollup (bench/usage-bench.ts; the seed alone takes minutes);
// `BENCH_ONLY=usage` runs just that, and `BENCH_USAGE_KEEP=1` keeps its seeded database for the next run.
// Every in-process section runs in a child process of its own (bench/sections.ts names them);
// `BENCH_ONLY=engine_overhead_1000,privacy` runs just the sections named.
// `BENCH_ONLY_TOOLS=1` runs only Focal's cost around an http tool call (bench/tool-call-bench.ts).
// `BENCH_ONLY_LANE1=1` runs only the lane-1 corpus (bench/lane1-corpus-bench.ts).
// `BENCH_ONLY_REPLAY=1` runs only replay fidelity, speed, tape size and the impact preview (bench/replay-bench.ts).
// `BENCH_ONLY_INPUT_SAFETY=1` runs only the input-safety classifier's corpus, CLINC150 negatives and
// latency (bench/input-safety-bench.ts).
// `BENCH_ONLY_STREAM=1` runs just that; `BENCH_STREAM_ONLY=offline` or `delay300` one of its two parts.
//
// The CLINC150 routing section (bench/clinc/clinc-bench.ts) reads the public data set from
// $FOCAL_EVAL_DIR/clinc150 and prints one `clinc: skipped (…)` line without it; `BENCH_ONLY_CLINC=1`
// runs just that section. `BENCH_ONLY_PRIVACY=1` runs only the privacy stage's figures (bench/privacy-bench.ts;
// Presidio's spans from $FOCAL_EVAL_DIR/pii). `BENCH_ONLY=grounding` runs only the deterministic grounding
// check on MTRAG-UN's rated answers from $FOCAL_EVAL_DIR/mtrag (bench/grounding/grounding-bench.ts).
// `BENCH_ONLY=knowledge` runs only knowledge retrieval on MTRAG and DSTC11 from $FOCAL_EVAL_DIR
// (bench/knowledge/knowledge-bench.ts). `BENCH_KNOWLEDGE_PG=1` adds the database knowledge store over
// 100,000 passages on PostgreSQL (knowledge_search_ms_p95, bench/knowledge/knowledge-pg-bench.ts);
// `BENCH_ONLY_KNOWLEDGE_PG=1` runs just that.
/** One in-process section (bench/sections.ts) in a fresh child process, with its figures in this report. */
function section(report: Report, name: BenchSection): Promise<void> {
  return runBenchChild(report, "bench/section-child.ts", 30 * 60_000, name, ["--expose-gc"], [name]);
}

async function main() {
  const report = new Report();
  report.note(`node ${process.version}, ${new Date().toISOString()}`);
  const compare = compareOptionsFrom(process.argv.slice(2));
  if (compare) {
    await benchCompare(report, compare);
    return;
  }
  if (process.env.BENCH_ONLY) {
    for (const name of process.env.BENCH_ONLY.split(",")) {
      if (name === "usage") {
        await benchUsage(report);
        continue;
      }
      if (!isBenchSection(name))
        throw new Error(`BENCH_ONLY: unknown section "${name}" (bench/sections.ts lists them)`);
      await section(report, name);
    }
    return;
  }
  if (process.env.BENCH_ONLY_STREAM === "1") {
    await benchStream(report);
    return;
  }
  if (process.env.BENCH_ONLY_CLINC === "1") {
    await section(report, "clinc");
    return;
  }
  if (process.env.BENCH_ONLY_BACKGROUND === "1") {
    await benchBackground(report);
    return;
  }
  if (process.env.BENCH_ONLY_HANDOFF === "1") {
    await benchHandoff(report);
    return;
  }
  if (process.env.BENCH_ONLY_WIDGET === "1") {
    await benchWidget(report);
    return;
  }
  if (process.env.BENCH_ONLY_LANGUAGE === "1") {
    await section(report, "language");
    return;
  }
  if (process.env.BENCH_ONLY_INPUT_SAFETY === "1") {
    await section(report, "input_safety");
    return;
  }
  if (process.env.BENCH_ONLY_PRIVACY === "1") {
    await section(report, "privacy");
    return;
  }
  if (process.env.BENCH_ONLY_REPLAY === "1") {
    await section(report, "replay");
    return;
  }
  if (process.env.BENCH_ONLY_KNOWLEDGE_PG === "1") {
    await benchKnowledgePg(report);
    return;
  }
  if (process.env.BENCH_ONLY_TOOLS === "1") {
    await benchToolCalls(report);
    return;
  }
  if (process.env.BENCH_ONLY_LANE1 === "1") {
    await section(report, "lane1");
    return;
  }
  await section(report, "model_calls");
  await section(report, "routing_corpus");
  await section(report, "clinc");
  for (const rules of [10, 100, 1000, 10_000] as const) await section(report, `engine_overhead_${rules}`);
  await section(report, "offline_embedder");
  await section(report, "local_embed");
  await benchMemory(report);
  await section(report, "replay");
  await section(report, "tests");
  await section(report, "adversarial_turn");
  await section(report, "lane1");
  await section(report, "language");
  await section(report, "input_safety");
  await section(report, "widget_size");
  await section(report, "privacy");
  await section(report, "grounding");
  await section(report, "knowledge");
  await benchToolCalls(report);
  if (process.env.BENCH_HTTP === "1") {
    // A failure on one server does not cost the multi-instance figures; the run still fails after them.
    const single = await benchHttp(report).then(
      () => null,
      (error: unknown) => error,
    );
    if (single)
      report.note(`HTTP load on one server failed: ${single instanceof Error ? single.message : String(single)}`);
    // 3 instances on one PostgreSQL behind a round-robin proxy, then one SIGKILLed under load.
    await benchMultiInstance(report);
    if (single) throw single;
  }
  // Ledger appends per second on PostgreSQL: session chains vs the global chain, 1 vs 50 writers
  // (part of the HTTP figures, or alone with BENCH_LEDGER=1).
  if (process.env.BENCH_HTTP === "1" || process.env.BENCH_LEDGER === "1") await benchLedger(report);
  if (process.env.BENCH_STREAM === "1") await benchStream(report);
  if (process.env.BENCH_HANDOFF === "1") await benchHandoff(report);
  if (process.env.BENCH_WIDGET === "1") await benchWidget(report);
  if (process.env.BENCH_DB_BLIP === "1") await benchDbBlip(report);
  if (process.env.BENCH_BACKGROUND === "1") await benchBackground(report);
  // Traces list over 1,000,000 turns in a temporary PostgreSQL database (bench/traces-bench.ts, ~3 min).
  if (process.env.BENCH_TRACES === "1") await benchTraces(report);
  if (process.env.BENCH_ENVIRONMENTS === "1") await benchEnvironments(report);
  if (process.env.BENCH_USAGE === "1") await benchUsage(report);
  if (process.env.BENCH_KNOWLEDGE_PG === "1") await benchKnowledgePg(report);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
