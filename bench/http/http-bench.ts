import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { percentile, type Report } from "../report";
import type { BarePersistResult } from "./bare-persist";
import { benchBundle } from "./bench-bundle";
import {
  api,
  createPgDatabase,
  ensureBuild,
  type FocalServer,
  type SessionTurnsView,
  snapshotBuild,
  startFocalServer,
  type TempPgDatabase,
} from "./focal-server";
import { MESSAGES, runLoad } from "./load";

// HTTP load on the built app (`next start`, from a private copy of .next), once on PGlite and once
// on PostgreSQL: a 1,000-rule agent (or as many as one bundle may hold), warm-up, 60 turns one at a
// time (turn_server_unloaded_*), then 50 sessions under 50 autocannon connections, each cycling its
// own session over the demo messages. Every acknowledged turn is then looked up over the API
// (turns_lost must be 0), the server is stopped, and the same rows are written by bare transactions
// for engine_vs_bare_persist_ratio (loaded server median ÷ bare median; the unloaded ratio is a
// note). Figures per database: turn_http_p50/p95 (client), turns_per_s, turn_server_p50/p95 and
// turn_server_unloaded_p50/p95 (server-timing), bare_persist_p50, the ratio, turns_lost.
// Env: BENCH_HTTP_SECONDS (load per database, default 20), BENCH_HTTP_RULES (default 1000),
// BENCH_HTTP_DBS (default "pglite,postgres").

const ROOT = path.resolve(import.meta.dirname, "../..");
const AGENT_KEY = "bench-desk";
const SESSIONS = 50;
const CONNECTIONS = 50;
const UNLOADED_TURNS = 60;

type Dialect = "pglite" | "postgres";

interface TurnResponse {
  turn_id: string;
}

function fixed(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "NaN";
}

/** POSTs one turn and returns its server-timing `turn;dur=` (null when the header is missing). */
async function postTurnServerMs(server: FocalServer, sessionId: string, message: string): Promise<number | null> {
  const response = await fetch(`${server.baseUrl}/api/v1/sessions/${sessionId}/turns`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(30_000),
  });
  await response.text();
  if (response.status !== 200) throw new Error(`POST turn → ${response.status}`);
  const timing = /turn;dur=([0-9.]+)/.exec(response.headers.get("server-timing") ?? "");
  return timing?.[1] ? Number(timing[1]) : null;
}

/** The bare-persist child (react-server conditions: the ledger module is server-only). */
function runBarePersist(target: { url?: string; dataDir?: string }): Promise<BarePersistResult> {
  const args = JSON.stringify({ ...target, agentKey: AGENT_KEY, samples: 200, warmup: 20 });
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      path.join(ROOT, "bench/http/bare-persist.ts"),
      args,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
  return new Promise((resolve, reject) => {
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const last = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !last.startsWith("{")) {
        reject(new Error(`bare-persist failed (${code ?? signal}):\n${out}\n${err}`));
        return;
      }
      resolve(JSON.parse(last) as BarePersistResult);
    });
  });
}

async function benchOne(
  report: Report,
  dialect: Dialect,
  appDir: string,
  seconds: number,
  targetRules: number,
): Promise<void> {
  let server: FocalServer | null = null;
  let tempDb: TempPgDatabase | null = null;
  let dataDir: string | null = null;
  const t0 = Date.now();
  try {
    if (dialect === "pglite") dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "focal-bench-http-"));
    else tempDb = await createPgDatabase("focal_bench_http");
    server = await startFocalServer({ dataDir: dataDir ?? undefined, databaseUrl: tempDb?.url, appDir });
    const started = server;

    const { bundle, rules, cappedBy } = benchBundle(AGENT_KEY, targetRules);
    if (cappedBy !== null) {
      report.note(
        `${dialect}: bench agent has ${rules} rules, not ${targetRules}: one bundle holds at most ${cappedBy} rules (lib/engine/contracts/bundle.ts)`,
      );
    }
    await api(started, "POST", "/api/v1/agents/import", bundle, 201);

    const create = () =>
      api<{ session_id: string }>(started, "POST", `/api/v1/agents/${AGENT_KEY}/sessions`, {}, 201).then(
        (s) => s.session_id,
      );
    // Warm-up on sessions of its own: the first turn compiles the agent, and the JIT settles.
    const warm = await Promise.all(Array.from({ length: 5 }, create));
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        warm.map((id, i) =>
          api<TurnResponse>(started, "POST", `/api/v1/sessions/${id}/turns`, {
            message: MESSAGES[(round + i) % MESSAGES.length],
          }),
        ),
      );
    }
    // One turn at a time (no queueing anywhere): what one turn costs the server on its own.
    const unloaded: number[] = [];
    for (let i = 0; i < UNLOADED_TURNS; i++) {
      const id = warm[i % warm.length] ?? "";
      const ms = await postTurnServerMs(started, id, MESSAGES[i % MESSAGES.length] ?? "");
      if (ms !== null) unloaded.push(ms);
    }
    const sessionIds: string[] = [];
    for (let i = 0; i < SESSIONS; i += 10) sessionIds.push(...(await Promise.all(Array.from({ length: 10 }, create))));

    const load = await runLoad({ server: started, sessionIds, connections: CONNECTIONS, durationSeconds: seconds });
    const acknowledged = [...load.acknowledged.values()].reduce((n, ids) => n + ids.length, 0);

    // Every acknowledged turn must be stored (requests cut off at the end of the run may add more).
    let lost = 0;
    for (const [sessionId, ids] of load.acknowledged) {
      const view = await api<SessionTurnsView>(started, "GET", `/api/v1/sessions/${sessionId}`);
      const stored = new Set(view.turns.map((t) => t.id));
      lost += ids.filter((id) => !stored.has(id)).length;
    }
    await started.stop();
    server = null;

    const bare = await runBarePersist(tempDb ? { url: tempDb.url } : { dataDir: dataDir ?? "" });
    const serverP50 = percentile(load.serverMs, 50);

    report.figure(`turn_http_p50_ms_${dialect}`, fixed(percentile(load.clientMs, 50)));
    report.figure(`turn_http_p95_ms_${dialect}`, fixed(percentile(load.clientMs, 95)));
    report.figure(`turns_per_s_${dialect}`, fixed(acknowledged / load.seconds));
    report.figure(`turn_server_p50_ms_${dialect}`, fixed(serverP50));
    report.figure(`turn_server_p95_ms_${dialect}`, fixed(percentile(load.serverMs, 95)));
    report.figure(`turn_server_unloaded_p50_ms_${dialect}`, fixed(percentile(unloaded, 50)));
    report.figure(`turn_server_unloaded_p95_ms_${dialect}`, fixed(percentile(unloaded, 95)));
    report.figure(`bare_persist_p50_ms_${dialect}`, fixed(bare.p50_ms, 2));
    report.figure(`engine_vs_bare_persist_ratio_${dialect}`, fixed(serverP50 / bare.p50_ms, 2));
    report.figure(`turns_lost_${dialect}`, lost);

    const non2xx = Object.entries(load.statusCounts)
      .filter(([status]) => !status.startsWith("2"))
      .map(([status, count]) => `${status}×${count}`);
    report.note(
      `${dialect}: ${rules} rules, ${SESSIONS} sessions, ${CONNECTIONS} connections, ${fixed(load.seconds)} s: ` +
        `${acknowledged} turns acknowledged; non-2xx: ${non2xx.length ? non2xx.join(", ") : "none"}; ` +
        `socket errors ${load.errors} (timeouts ${load.timeouts})`,
    );
    const perSession = [...load.acknowledged.values()].map((ids) => ids.length);
    report.note(
      `${dialect}: turns per session ${Math.min(...perSession)}..${Math.max(...perSession)}; ` +
        `client latency max ${fixed(Math.max(...load.clientMs))} ms, mean ${fixed(load.clientMs.reduce((a, b) => a + b, 0) / Math.max(1, load.clientMs.length))} ms`,
    );
    if (load.missingServerTiming > 0) {
      report.note(
        `${dialect}: ${load.missingServerTiming} responses had no server-timing header: rebuild (npm run build)`,
      );
    }
    report.note(
      `${dialect}: bare persist = ${bare.samples} sequential transactions copying turn ${bare.template.turn_id} ` +
        `(${bare.template.outcome}, ${bare.template.spans} spans with ${bare.template.span_attribute_bytes} B of attributes, ` +
        `${bare.template.loops} loop rows, 1 ledger event); p95 ${fixed(bare.p95_ms, 2)} ms`,
    );
    report.note(
      `${dialect}: under load the server time includes queueing (database connections, the ledger lock, CPU); ` +
        `unloaded (${unloaded.length} turns one at a time) the ratio is ${fixed(percentile(unloaded, 50) / bare.p50_ms, 2)}`,
    );
    report.note(`${dialect}: done in ${fixed((Date.now() - t0) / 1000)} s`);
  } finally {
    if (server) await server.stop();
    if (tempDb) await tempDb.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_HTTP=1 npm run bench`: the HTTP figures for each database. */
export async function benchHttp(report: Report): Promise<void> {
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 20);
  const targetRules = Number(process.env.BENCH_HTTP_RULES ?? 1000);
  const dialects = (process.env.BENCH_HTTP_DBS ?? "pglite,postgres").split(",").map((d) => d.trim()) as Dialect[];
  if (await ensureBuild()) report.note("built the app (.next had no build)");
  const app = await snapshotBuild();
  try {
    for (const dialect of dialects) await benchOne(report, dialect, app.dir, seconds, targetRules);
  } finally {
    app.remove();
  }
}
