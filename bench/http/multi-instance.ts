import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import postgres from "postgres";
import { benchBundle } from "./bench-bundle";
import {
  api,
  type BuildSnapshot,
  createPgDatabase,
  type FocalServer,
  freePort,
  randomApiKey,
  snapshotBuild,
  startFocalServer,
  type TempPgDatabase,
} from "./focal-server";
import { MESSAGES } from "./load";
import { CpuMeter, identifyTree, killIdentified, killTree, processTree } from "./process-cpu";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

// Several stateless `next start` instances on one PostgreSQL database behind a round-robin proxy
// (bench/http/round-robin-proxy.ts), driven by concurrent sessions whose turns are sequential. Used
// by the bench at full size (bench/http/multi-instance-bench.ts) and by `npm test` at small size
// (bench/http/multi-instance-test.ts), with one instance SIGKILLed (its whole process tree) under load.
// Every turn carries an Idempotency-Key; a 502 (the proxy lost its upstream), a network error or a
// timeout is retried with the same key, a 409 (the key's first attempt is still in flight, or died
// with its instance and holds the key until its in-flight claim expires) after a pause. Afterwards the
// `turns` table is read directly: every acknowledged turn stored, each session's turn_index sequence
// 0…n-1 in acknowledgement order, and GET /api/v1/ledger/verify intact.

const AGENT_KEY = "multi-desk";
/** Per-turn retry budget: a key whose first attempt died with its instance is free after 60 s. */
const RETRY_BUDGET_MS = 90_000;
const ATTEMPT_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Cluster {
  database: TempPgDatabase;
  servers: FocalServer[];
  proxy: RoundRobinProxy;
  /** The proxy's base URL and the admin key every instance was started with. */
  target: { baseUrl: string; apiKey: string };
  rules: number;
  /** Direct connection to the database, for the checks. */
  sql: postgres.Sql;
  /** Stops every instance (whole process trees), the proxy, and drops the database. Idempotent. */
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The wanted ports where free, other free ports where not. */
async function pickPorts(wanted: number[]): Promise<number[]> {
  const ports: number[] = [];
  for (const port of wanted) ports.push((await portFree(port)) ? port : await freePort());
  return ports;
}

/** Whether the process has not exited yet. */
function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.pid !== undefined;
}

/** SIGTERM (SIGKILL after 5 s) to the server, then SIGKILL to whatever of its process tree is left. */
async function stopTree(server: FocalServer): Promise<void> {
  const tree = running(server.child) && server.child.pid ? identifyTree(server.child.pid) : [];
  await server.stop();
  killIdentified(tree);
}

export interface ClusterOptions {
  instances: number;
  rules: number;
  /** Ports for the instances then the proxy (a busy one is replaced by a free one). */
  ports?: number[];
  log?: (line: string) => void;
  /** Handed the cluster's stop() before anything starts, so a signal during start-up can clean up. */
  onStop?: (stop: () => Promise<void>) => void;
}

/**
 * A fresh database, `instances` servers on it from a private copy of the existing build (never
 * builds), the proxy in front, and the bench agent imported. The first instance starts alone (it
 * migrates and provisions the admin, the bootstrap key and the demo agent); the others then start
 * together. On any failure everything started so far is stopped and the database dropped.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const wanted = options.ports ?? [3421, 3422, 3423, 3424];
  const ports = await pickPorts(
    Array.from({ length: options.instances + 1 }, (_, i) => wanted[i] ?? 3421 + i).slice(0, options.instances + 1),
  );
  const apiKey = randomApiKey();
  const servers: FocalServer[] = [];
  // Every process spawned, healthy or not yet: a stop() during start-up must not leave one behind.
  const spawned: ChildProcess[] = [];
  let app: BuildSnapshot | null = null;
  let database: TempPgDatabase | null = null;
  let proxy: RoundRobinProxy | null = null;
  let sql: postgres.Sql | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // The proxy first: its keep-alive sockets would hold up the servers' graceful shutdown.
    const t0 = Date.now();
    await proxy?.close().catch(() => {});
    await Promise.all(servers.map((s) => stopTree(s).catch(() => {})));
    for (const child of spawned) if (running(child) && child.pid) killTree(child.pid);
    const t1 = Date.now();
    await sql?.end({ timeout: 5 }).catch(() => {});
    await database?.drop().catch((error) => log(`could not drop ${database?.name}: ${error}`));
    app?.remove();
    log(
      `instances stopped in ${((t1 - t0) / 1000).toFixed(1)} s, database dropped in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
  };
  options.onStop?.(stop);
  try {
    app = await snapshotBuild({ build: false });
    const appDir = app.dir;
    database = await createPgDatabase("focal_load");
    const databaseUrl = database.url;
    log(`database ${database.name}; instances on ${ports.slice(0, -1).join(", ")}, proxy on ${ports.at(-1)}`);
    const start = (port: number | undefined) => {
      if (stopped) throw new Error("cluster stopped while starting");
      return startFocalServer({
        databaseUrl,
        apiKey,
        port,
        appDir,
        healthTimeoutMs: 120_000,
        // A turn cut off by the kill holds its Idempotency-Key this long before the client's retry may run
        // it: 20 s instead of the default 60 s keeps the kill test short, and still outlasts a turn of the
        // offline provider under load.
        env: { FOCAL_IDEMPOTENCY_IN_FLIGHT_MS: "20000" },
        onSpawn: (child) => spawned.push(child),
      }).then(async (server) => {
        servers.push(server);
        if (stopped) await stopTree(server);
        return server;
      });
    };
    const t0 = Date.now();
    await start(ports[0]);
    await Promise.all(ports.slice(1, options.instances).map(start));
    servers.sort((a, b) => a.port - b.port);
    log(`${servers.length} instances healthy in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    proxy = await startRoundRobinProxy(
      servers.map((s) => s.port),
      ports[options.instances],
    );
    const target = { baseUrl: `http://127.0.0.1:${proxy.port}`, apiKey };
    const { bundle, rules } = benchBundle(AGENT_KEY, options.rules);
    await api(target, "POST", "/api/v1/agents/import", bundle, 201);
    sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    return { database, servers, proxy, target, rules, sql, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function createSessions(cluster: Cluster, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(10, count - ids.length);
    const created = await Promise.all(
      Array.from({ length: batch }, () =>
        api<{ session_id: string }>(cluster.target, "POST", `/api/v1/agents/${AGENT_KEY}/sessions`, {}, 201),
      ),
    );
    ids.push(...created.map((c) => c.session_id));
  }
  return ids;
}

interface Ack {
  turnId: string;
  /** Port of the instance that answered. */
  upstream: number;
  /** Date.now() when the answer arrived. */
  at: number;
  /** The answer was a stored one (`idempotent-replayed`): an earlier attempt had committed the turn. */
  replayed: boolean;
}

export interface SessionRun {
  sessionId: string;
  acks: Ack[];
  /** The turn the session stopped at without an answer (its fate is unknown), if any. */
  unresolved: string | null;
}

export interface DriveOptions {
  /** Turns per session; without it, sessions run until `seconds` have passed. */
  turnsPerSession?: number;
  seconds?: number;
  /** SIGKILL one instance's process tree after this many acknowledged turns, or this many seconds. */
  kill?: { afterAcks?: number; afterSeconds?: number; instance: number };
  /** Sampled every second while the sessions run. */
  meters?: CpuMeter[];
  log?: (line: string) => void;
}

export interface DriveResult {
  sessions: SessionRun[];
  /** From the first request to the last answer, s. */
  seconds: number;
  acknowledged: number;
  /** Retried attempts by cause: "502", "409", "network", "timeout". */
  retries: Record<string, number>;
  /** Answers that ended a session: status → count. */
  failures: Record<string, number>;
  /** Longest time one turn took from its first attempt to its answer, ms. */
  maxTurnMs: number;
  killedPort: number | null;
  killedAt: number | null;
  killedPids: number[];
  /** Turns run and acknowledged after the kill (not replays). */
  turnsAfterKill: number;
  /** Replayed answers for turns whose first attempt was cut off (with the kill, usually). */
  replays: number;
  /** Turns with an attempt cut off by the killed instance (502 naming it). */
  cutOffByKill: number;
  /** Acknowledged turns per instance port, after the kill (not replays). */
  afterKillByPort: Record<string, number>;
}

/** Drives every session through the proxy: sessions concurrent, each session's turns in order. */
export async function driveSessions(
  cluster: Cluster,
  sessionIds: string[],
  options: DriveOptions,
): Promise<DriveResult> {
  const runId = Math.random().toString(36).slice(2, 10);
  const started = Date.now();
  const stopAt = options.seconds ? started + options.seconds * 1000 : Number.POSITIVE_INFINITY;
  const maxTurns = options.turnsPerSession ?? Number.POSITIVE_INFINITY;
  const retries: Record<string, number> = {};
  const failures: Record<string, number> = {};
  let acknowledged = 0;
  let lastAnswer = started;
  let maxTurnMs = 0;
  let killedPort: number | null = null;
  let killedAt: number | null = null;
  let killedPids: number[] = [];
  const cutOff = new Set<string>();
  const retry = (cause: string) => {
    retries[cause] = (retries[cause] ?? 0) + 1;
  };

  const killNow = () => {
    const kill = options.kill;
    if (!kill || killedAt !== null) return;
    const server = cluster.servers[kill.instance];
    if (!server?.child.pid) throw new Error(`no instance ${kill.instance} to kill`);
    killedAt = Date.now();
    killedPort = server.port;
    killedPids = killTree(server.child.pid);
    options.log?.(
      `SIGKILL instance on port ${server.port} (pids ${killedPids.join(", ")}) after ${acknowledged} acknowledged turns, ` +
        `${((killedAt - started) / 1000).toFixed(1)} s`,
    );
  };
  const killTimer =
    options.kill?.afterSeconds !== undefined ? setTimeout(killNow, options.kill.afterSeconds * 1000) : null;

  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling || !options.meters) return;
    sampling = true;
    Promise.all(options.meters.map((m) => m.sample())).finally(() => {
      sampling = false;
    });
  }, 1000);

  /** One turn until answered; null when it cannot be (its fate is then unknown). */
  const turn = async (sessionId: string, key: string, message: string): Promise<Ack | null> => {
    const first = Date.now();
    for (;;) {
      let status = 0;
      let cause = "";
      try {
        const response = await fetch(`${cluster.target.baseUrl}/api/v1/sessions/${sessionId}/turns`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${cluster.target.apiKey}`,
            "content-type": "application/json",
            "idempotency-key": key,
          },
          body: JSON.stringify({ message }),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        status = response.status;
        const text = await response.text();
        if (status === 200) {
          const turnId = (JSON.parse(text) as { turn_id?: string }).turn_id;
          if (!turnId) throw new Error(`200 without turn_id: ${text.slice(0, 200)}`);
          const at = Date.now();
          lastAnswer = at;
          maxTurnMs = Math.max(maxTurnMs, at - first);
          return {
            turnId,
            upstream: Number(response.headers.get("x-upstream")),
            at,
            replayed: response.headers.get("idempotent-replayed") === "true",
          };
        }
        if (status === 502 && killedPort !== null && response.headers.get("x-upstream") === String(killedPort)) {
          cutOff.add(key);
        }
        if (status === 502 || status === 503 || status === 409) cause = String(status);
        else {
          failures[String(status)] = (failures[String(status)] ?? 0) + 1;
          options.log?.(`session ${sessionId}: ${status} ${text.slice(0, 300)}`);
          return null;
        }
      } catch (error) {
        cause = (error as Error).name === "TimeoutError" ? "timeout" : "network";
      }
      retry(cause);
      if (Date.now() - first > RETRY_BUDGET_MS) {
        failures[`gave_up_${cause}`] = (failures[`gave_up_${cause}`] ?? 0) + 1;
        return null;
      }
      await sleep(cause === "409" ? 1000 : 100);
    }
  };

  const runSession = async (sessionId: string, s: number): Promise<SessionRun> => {
    const run: SessionRun = { sessionId, acks: [], unresolved: null };
    for (let i = 0; i < maxTurns && Date.now() < stopAt; i++) {
      const ack = await turn(sessionId, `${runId}.${s}.${i}`, MESSAGES[(s + i) % MESSAGES.length] ?? "");
      if (!ack) {
        run.unresolved = `${runId}.${s}.${i}`;
        break;
      }
      run.acks.push(ack);
      acknowledged++;
      if (options.kill?.afterAcks !== undefined && acknowledged >= options.kill.afterAcks) killNow();
    }
    return run;
  };

  try {
    const sessions = await Promise.all(sessionIds.map(runSession));
    const seconds = (lastAnswer - started) / 1000;
    const all = sessions.flatMap((s) => s.acks);
    const afterKill = all.filter(
      (a) => killedAt !== null && a.at > killedAt && !a.replayed && a.upstream !== killedPort,
    );
    const afterKillByPort: Record<string, number> = {};
    for (const a of afterKill) afterKillByPort[a.upstream] = (afterKillByPort[a.upstream] ?? 0) + 1;
    return {
      sessions,
      seconds,
      acknowledged,
      retries,
      failures,
      maxTurnMs,
      killedPort,
      killedAt,
      killedPids,
      turnsAfterKill: afterKill.length,
      replays: all.filter((a) => a.replayed).length,
      cutOffByKill: cutOff.size,
      afterKillByPort,
    };
  } finally {
    if (killTimer) clearTimeout(killTimer);
    clearInterval(sampler);
  }
}

export interface StoredCheck {
  /** Acknowledged turns not in the `turns` table. */
  lost: number;
  /** Sessions whose stored turn_index sequence is not 0…n-1 holding the acknowledged turns in order. */
  orderViolations: number;
  /** The same turn id acknowledged for two different turns. */
  duplicateAcks: number;
  /** Stored turns nobody acknowledged (at most one per session whose last turn went unanswered). */
  unacknowledgedStored: number;
  details: string[];
}

/** Reads the sessions' turns straight from the database and compares them with the acknowledgements. */
export async function checkStored(cluster: Cluster, sessions: SessionRun[]): Promise<StoredCheck> {
  const ids = sessions.map((s) => s.sessionId);
  const rows = await cluster.sql<{ id: string; session_id: string; turn_index: number }[]>`
    select id, session_id, turn_index from turns where session_id in ${cluster.sql(ids)}
    order by session_id, turn_index`;
  const bySession = new Map<string, { id: string; turn_index: number }[]>();
  for (const row of rows) {
    const list = bySession.get(row.session_id) ?? [];
    list.push(row);
    bySession.set(row.session_id, list);
  }
  const stored = new Set(rows.map((r) => r.id));
  const check: StoredCheck = { lost: 0, orderViolations: 0, duplicateAcks: 0, unacknowledgedStored: 0, details: [] };
  const seen = new Set<string>();
  for (const session of sessions) {
    const acked = session.acks.map((a) => a.turnId);
    for (const id of acked) {
      if (seen.has(id)) check.duplicateAcks++;
      seen.add(id);
      if (!stored.has(id)) check.lost++;
    }
    const list = bySession.get(session.sessionId) ?? [];
    const contiguous = list.every((row, i) => row.turn_index === i);
    const prefix = acked.every((id, i) => list[i]?.id === id);
    const extra = list.length - acked.length;
    const extraAllowed = session.unresolved !== null ? 1 : 0;
    if (extra > 0) check.unacknowledgedStored += extra;
    if (!contiguous || !prefix || extra < 0 || extra > extraAllowed) {
      check.orderViolations++;
      if (check.details.length < 5) {
        check.details.push(
          `session ${session.sessionId}: acknowledged ${acked.join(",")}; stored ${list.map((r) => `${r.turn_index}:${r.id}`).join(",")}`,
        );
      }
    }
  }
  return check;
}

export async function verifyLedger(
  cluster: Cluster,
): Promise<{ is_intact: boolean; total: number; broken_at: unknown }> {
  return api(cluster.target, "GET", "/api/v1/ledger/verify");
}

/** Warm-up: each instance compiles the agent on its first turn; round robin spreads these over all. */
export async function warmUp(cluster: Cluster, turns: number): Promise<void> {
  const sessions = await createSessions(cluster, cluster.servers.length * 2);
  await driveSessions(cluster, sessions, { turnsPerSession: Math.max(1, Math.ceil(turns / sessions.length)) });
}

/** CPU of every instance's process tree (the pids alive when sampled). */
export function instanceCpuMeter(cluster: Cluster): CpuMeter {
  return new CpuMeter(async () =>
    cluster.servers
      .filter((s) => running(s.child))
      .flatMap((s) => processTree(s.child.pid as number))
      .map((pid) => ({ pid, bornAfterStart: false })),
  );
}

/**
 * CPU of the PostgreSQL backends serving this database (found in pg_stat_activity; readable in /proc
 * only when PostgreSQL runs on this machine — `available` says whether any was). A backend born
 * after start() counts from 0. Background processes (WAL writer, checkpointer) are shared by every
 * database and not counted. Each sample also counts the backends that are running a statement and
 * those of them waiting on an advisory lock (the ledger's), for `waits()`.
 */
export function postgresCpuMeter(cluster: Cluster): {
  meter: CpuMeter;
  available: () => boolean;
  waits: () => { samples: number; activeAvg: number; advisoryAvg: number };
} {
  let readable = false;
  let samples = 0;
  let active = 0;
  let advisory = 0;
  const meter = new CpuMeter(async (startedAt) => {
    const rows = await cluster.sql<
      {
        pid: number;
        backend_start: Date;
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
      }[]
    >`
      select pid, backend_start, state, wait_event_type, wait_event from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`;
    samples++;
    active += rows.filter((r) => r.state === "active").length;
    advisory += rows.filter((r) => r.wait_event_type === "Lock" && r.wait_event === "advisory").length;
    const list = rows.map((r) => ({ pid: r.pid, bornAfterStart: r.backend_start.getTime() > startedAt }));
    if (list.some((p) => fs.existsSync(`/proc/${p.pid}/stat`))) readable = true;
    return list;
  });
  const start = meter.start.bind(meter);
  meter.start = async () => {
    samples = 0;
    active = 0;
    advisory = 0;
    await start();
  };
  return {
    meter,
    available: () => readable,
    waits: () => ({ samples, activeAvg: active / Math.max(1, samples), advisoryAvg: advisory / Math.max(1, samples) }),
  };
}

export function availableCores(): number {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}
