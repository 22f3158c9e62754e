import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, createPgDatabase, type FocalServer, startFocalServer, type TempPgDatabase } from "../http/focal-server";
import { MESSAGES, runLoad } from "../http/load";
import { percentile, type Report } from "../report";
import { type BuildTree, currentTree, ensureBuilt, referenceTree, runInTree } from "./build-tree";

// `npm run bench -- --compare <git-ref>`: the same drivers against this tree and a reference build,
// interleaved round by round (the order flips each round), so that load on a shared machine falls on
// both alike. Prints each figure for both builds and their ratio (current / reference, so above 1 is
// slower or, for turns per second, faster): `compare_<figure>_current=`, `_reference=`, `_ratio=`,
// each the median over the rounds. README.md#benchmarks says how to read a ratio.
//
//   engine   the engine's overhead per turn at 10 and 1,000 rules (bench/compare/engine-driver.ts,
//            a fresh process per build and rule count), BENCH_COMPARE_TURNS turns (default 400),
//            BENCH_COMPARE_RULES the rule counts (default "10,1000");
//   http     `next start` of each build: an unloaded turn's latency on PGlite (BENCH_COMPARE_HTTP_TURNS
//            sequential turns, default 100) and turns per second on one PostgreSQL instance under 50
//            connections (BENCH_COMPARE_LOAD_SECONDS, default 15), on the REST calls both builds have.
//
// `--compare-only engine` (or http) runs one part; BENCH_COMPARE_ROUNDS sets the rounds (default 3).

export interface CompareOptions {
  ref: string;
  parts: ("engine" | "http")[];
  rounds: number;
}

type Samples = Map<string, { current: number[]; reference: number[] }>;

function record(samples: Samples, figure: string, tree: BuildTree, value: number): void {
  const entry = samples.get(figure) ?? { current: [], reference: [] };
  entry[tree.label].push(value);
  samples.set(figure, entry);
}

/** The builds in this round's order: current first in even rounds, the reference first in odd ones. */
function inOrder(trees: [BuildTree, BuildTree], round: number): BuildTree[] {
  return round % 2 === 0 ? trees : [trees[1], trees[0]];
}

function engineRound(samples: Samples, trees: [BuildTree, BuildTree], round: number): void {
  for (const rules of (process.env.BENCH_COMPARE_RULES ?? "10,1000").split(",").map(Number)) {
    for (const tree of inOrder(trees, round)) {
      const out = runInTree(tree, "bench/compare/engine-driver.ts", [String(rules)]);
      const figures = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { p50: number; p95: number };
      record(samples, `engine_overhead_p50_ms_rules_${rules}`, tree, figures.p50);
      record(samples, `engine_overhead_p95_ms_rules_${rules}`, tree, figures.p95);
    }
  }
}

interface Served {
  pglite: FocalServer;
  pg: FocalServer;
  sessions: string[];
  cleanup: () => Promise<void>;
}

const createSession = (server: FocalServer) =>
  api<{ session_id: string }>(server, "POST", "/api/v1/agents/refund-desk/sessions", {}, 201).then((s) => s.session_id);

/** One build served twice: on a fresh PGlite directory and on a fresh PostgreSQL database. */
async function serve(tree: BuildTree): Promise<Served> {
  ensureBuilt(tree);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `focal-compare-${tree.label}-`));
  let database: TempPgDatabase | null = null;
  const started: FocalServer[] = [];
  const cleanup = async () => {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = { FOCAL_NEXT_DIST_DIR: "", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" };
    const pglite = await startFocalServer({ dataDir, appDir: tree.dir, env, healthTimeoutMs: 300_000 });
    started.push(pglite);
    database = await createPgDatabase("focal_compare");
    const pg = await startFocalServer({ databaseUrl: database.url, appDir: tree.dir, env, healthTimeoutMs: 300_000 });
    started.push(pg);
    const sessions = await Promise.all(Array.from({ length: 50 }, () => createSession(pg)));
    return { pglite, pg, sessions, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function unloadedTurns(server: FocalServer, turns: number): Promise<number[]> {
  const session = await createSession(server);
  const times: number[] = [];
  for (let i = 0; i < turns + 10; i++) {
    const started = performance.now();
    await api(server, "POST", `/api/v1/sessions/${session}/turns`, { message: MESSAGES[i % MESSAGES.length] });
    // The first 10 warm the compiled agent and the JIT.
    if (i >= 10) times.push(performance.now() - started);
  }
  return times;
}

async function httpRound(samples: Samples, served: Map<BuildTree, Served>, round: number): Promise<void> {
  const trees = [...served.keys()] as [BuildTree, BuildTree];
  const turns = Number(process.env.BENCH_COMPARE_HTTP_TURNS ?? 100);
  const seconds = Number(process.env.BENCH_COMPARE_LOAD_SECONDS ?? 15);
  for (const tree of inOrder(trees, round)) {
    const build = served.get(tree);
    if (!build) continue;
    const times = await unloadedTurns(build.pglite, turns);
    record(samples, "turn_unloaded_p50_ms_pglite", tree, percentile(times, 50));
    record(samples, "turn_unloaded_p95_ms_pglite", tree, percentile(times, 95));
  }
  for (const tree of inOrder(trees, round)) {
    const build = served.get(tree);
    if (!build) continue;
    const load = await runLoad({
      server: build.pg,
      sessionIds: build.sessions,
      connections: 50,
      durationSeconds: seconds,
    });
    const acknowledged = [...load.acknowledged.values()].reduce((n, ids) => n + ids.length, 0);
    record(samples, "turns_per_s_pg", tree, acknowledged / load.seconds);
  }
}

function median(values: number[]): number {
  return percentile(values, 50);
}

function print(report: Report, samples: Samples): void {
  for (const [figure, { current, reference }] of samples) {
    const a = median(current);
    const b = median(reference);
    report.figure(`compare_${figure}_current`, a.toFixed(3));
    report.figure(`compare_${figure}_reference`, b.toFixed(3));
    report.figure(`compare_${figure}_ratio`, (a / b).toFixed(3));
    // Each round's own ratio: README.md#benchmarks distrusts a median whose rounds disagree by more than 0.1.
    const perRound = current.map((value, round) => (value / (reference[round] ?? Number.NaN)).toFixed(3));
    report.note(`compare: ${figure} ratio by round ${perRound.join(", ")}`);
  }
}

export async function benchCompare(report: Report, options: CompareOptions): Promise<void> {
  const trees: [BuildTree, BuildTree] = [currentTree(), referenceTree(options.ref)];
  report.note(`compare: current = the working tree, reference = ${options.ref} (${trees[1].revision.slice(0, 12)})`);
  report.note(
    `compare: ${options.rounds} interleaved rounds, the order flipping each round; ${os.loadavg()[0]?.toFixed(1)} load`,
  );
  const samples: Samples = new Map();
  if (options.parts.includes("engine")) {
    for (let round = 0; round < options.rounds; round++) engineRound(samples, trees, round);
  }
  if (options.parts.includes("http")) {
    const served = new Map<BuildTree, Served>();
    try {
      for (const tree of trees) served.set(tree, await serve(tree));
      for (let round = 0; round < options.rounds; round++) await httpRound(samples, served, round);
    } finally {
      for (const build of served.values()) await build.cleanup();
    }
  }
  print(report, samples);
  report.note(`compare: load average at the end ${os.loadavg()[0]?.toFixed(1)}`);
}

/** `--compare <ref> [--compare-only engine|http]` from the command line, or null without `--compare`. */
export function compareOptionsFrom(argv: readonly string[]): CompareOptions | null {
  const at = argv.indexOf("--compare");
  if (at < 0) return null;
  const ref = argv[at + 1];
  if (!ref || ref.startsWith("--")) throw new Error("--compare needs a git ref: npm run bench -- --compare <git-ref>");
  const only = argv.indexOf("--compare-only");
  const parts = only < 0 ? ["engine", "http"] : (argv[only + 1] ?? "").split(",");
  for (const part of parts) {
    if (part !== "engine" && part !== "http") throw new Error(`--compare-only: "${part}" is not engine or http`);
  }
  const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error("BENCH_COMPARE_ROUNDS must be a whole number of rounds, 1 or more");
  return { ref, parts: parts as CompareOptions["parts"], rounds };
}
