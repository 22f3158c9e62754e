import { MESSAGES } from "./load";
import { checkStored, verifyLedger } from "./multi-instance-checks";
import { type Cluster, createSessions, startCluster } from "./multi-instance-cluster";
import type { SessionRun } from "./multi-instance-drive";

// A database blip under load: one `next start` instance of the existing build on a fresh PostgreSQL
// database, sessions sending turns concurrently (each session's turns in order, every turn with an
// Idempotency-Key, retried with backoff), and every backend of that database terminated twice, 3 s
// apart (`pg_terminate_backend`, only this database's backends: the server is shared). Used by the
// fault test in `npm test` (test/faults/db-blip-test.ts) and by `BENCH_DB_BLIP=1 npm run bench`.
// What it checks is what a client would notice (docs/operations.md): every turn acknowledged in the
// end, every acknowledged turn stored, no 5xx but 503, no 409 for a key after a 503 told the client
// to retry it, the ledger intact, and background jobs running again afterwards.

export interface BlipOptions {
  sessions: number;
  turnsPerSession: number;
  /** Terminate the backends the first time after this many acknowledged turns, then again 3 s later. */
  firstAfterAcks: number;
  log: (line: string) => void;
  /** Handed the cluster's stop() before anything starts, so a signal can clean up. */
  onStop?: (stop: () => Promise<void>) => void;
}

export interface BlipResult {
  acknowledged: number;
  expected: number;
  /** Turns given up on (retry budget spent, or an answer that is not retried). */
  unacknowledged: number;
  lost: number;
  orderViolations: number;
  ledgerIntact: boolean;
  /** Answers by status, over every attempt. */
  statuses: Record<string, number>;
  /** 409 answers to a key whose earlier attempt was answered 503. */
  conflictsAfter503: number;
  /** Backends terminated, per round. */
  terminated: number[];
  /** From the last termination to the first 200 for a request sent after it, ms. */
  recoveryMs: number | null;
  /** From the last termination to /api/health answering 200 again, ms. */
  healthRecoveryMs: number | null;
  /** A replay job enqueued after the blip ran to its end. */
  jobsResumed: boolean;
  /** Server log lines for the outage: job-queue outage lines, and stack frames printed. */
  jobOutageLines: number;
  stackLines: number;
  /** The lines that printed a stack, for the failure message. */
  stackSample: string[];
  seconds: number;
}

const TERMINATE_GAP_MS = 3000;
const TURN_BUDGET_MS = 30_000;
const ATTEMPT_TIMEOUT_MS = 15_000;
const AGENT_KEY = "multi-desk";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Terminates every other backend of the cluster's database; returns how many. */
async function terminateBackends(cluster: Cluster): Promise<number> {
  const rows = await cluster.sql<{ terminated: boolean }[]>`
    select pg_terminate_backend(pid) as terminated from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`;
  return rows.filter((r) => r.terminated).length;
}

interface Drive {
  statuses: Record<string, number>;
  conflictsAfter503: number;
  acknowledged: number;
  /** Date.now() of each 200 and when its request was sent. */
  successes: { sentAt: number; at: number }[];
}

/** One turn until answered 200, or null when its budget is spent or the answer is not one to retry. */
async function sendTurn(
  cluster: Cluster,
  drive: Drive,
  sessionId: string,
  key: string,
  message: string,
): Promise<SessionRun["acks"][number] | null> {
  const first = Date.now();
  let saw503 = false;
  for (let attempt = 0; Date.now() - first < TURN_BUDGET_MS; attempt++) {
    const sentAt = Date.now();
    let status = 0;
    let retryAfterMs = 0;
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
      retryAfterMs = Number(response.headers.get("retry-after") ?? 0) * 1000;
      const text = await response.text();
      if (status === 200) {
        drive.statuses["200"] = (drive.statuses["200"] ?? 0) + 1;
        drive.successes.push({ sentAt, at: Date.now() });
        const turnId = (JSON.parse(text) as { turn_id: string }).turn_id;
        return {
          turnId,
          upstream: 0,
          at: Date.now(),
          replayed: response.headers.get("idempotent-replayed") === "true",
        };
      }
    } catch (error) {
      status = 0;
      if ((error as Error).name !== "TimeoutError" && (error as Error).name !== "TypeError") throw error;
    }
    const label = status === 0 ? "network" : String(status);
    drive.statuses[label] = (drive.statuses[label] ?? 0) + 1;
    if (status === 503) saw503 = true;
    if (status === 409 && saw503) drive.conflictsAfter503++;
    // Retried: 503 (after its Retry-After), 409 (the key's attempt still running), and network errors.
    if (status !== 0 && status !== 503 && status !== 409) return null;
    const backoff = Math.min(2000, 200 * 2 ** attempt);
    await sleep(Math.max(retryAfterMs, backoff) * (0.75 + Math.random() * 0.5));
  }
  return null;
}

/** POST a frozen replay of one session (a pg-boss job) and wait for it to finish. */
async function replayRuns(cluster: Cluster, sessionId: string): Promise<boolean> {
  const headers = { authorization: `Bearer ${cluster.target.apiKey}`, "content-type": "application/json" };
  const started = await fetch(`${cluster.target.baseUrl}/api/v1/agents/${AGENT_KEY}/replays`, {
    method: "POST",
    headers,
    body: JSON.stringify({ sessions: { ids: [sessionId] } }),
  });
  if (started.status !== 202) return false;
  const { replay_id: id } = (await started.json()) as { replay_id: string };
  // 40 s: 20 s ran out in 1 of 7 runs with the terminations closer together, and single runs took
  // 10 s here. An attempt may meet a pooled connection the blip dropped; pg-boss then runs it again
  // after the replay job's retry delay (5 s, with backoff) and its next poll.
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const view = await fetch(`${cluster.target.baseUrl}/api/v1/replays/${id}`, { headers });
    const { status } = (await view.json()) as { status: string };
    if (status === "done") return true;
    if (status === "failed" || status === "cancelled") return false;
    await sleep(250);
  }
  return false;
}

async function healthRecovery(cluster: Cluster, since: number): Promise<number | null> {
  while (Date.now() - since < 20_000) {
    const ok = await fetch(`${cluster.target.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return Date.now() - since;
    await sleep(50);
  }
  return null;
}

/**
 * A read in the second after a termination may still meet a connection the pool has not replaced yet;
 * it answers 503 DB_UNAVAILABLE, whose message says to send the same request again, as a client would:
 * up to 10 times, 200 ms apart.
 */
async function sentAgainOn503<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 10 || !String(error).includes("→ 503")) throw error;
      await sleep(200);
    }
  }
}

/** Starts the instance, drives the load with two rounds of terminations, checks, and stops everything. */
export async function runDbBlip(options: BlipOptions): Promise<BlipResult> {
  const t0 = Date.now();
  const cluster = await startCluster({
    instances: 1,
    rules: 20,
    ports: [3441, 3442],
    log: options.log,
    onStop: options.onStop,
    // The default in-flight window (60 s), not the kill test's shorter one: a key the server failed to
    // release would hold the retry well past the turn budget, and the test would say so.
    env: { FOCAL_IDEMPOTENCY_IN_FLIGHT_MS: "60000" },
  });
  try {
    const ids = await createSessions(cluster, options.sessions);
    const drive: Drive = { statuses: {}, conflictsAfter503: 0, acknowledged: 0, successes: [] };
    const terminated: number[] = [];
    let lastTermination = 0;
    let healthMs: Promise<number | null> = Promise.resolve(null);
    let terminating: Promise<void> | null = null;
    const terminateTwice = async () => {
      for (let round = 0; round < 2; round++) {
        if (round > 0) await sleep(TERMINATE_GAP_MS);
        lastTermination = Date.now();
        terminated.push(await terminateBackends(cluster));
        options.log(`terminated ${terminated.at(-1)} backends after ${drive.acknowledged} acknowledged turns`);
      }
      healthMs = healthRecovery(cluster, lastTermination);
    };
    const runRunId = Math.random().toString(36).slice(2, 8);
    const runSession = async (sessionId: string, s: number): Promise<SessionRun> => {
      const run: SessionRun = { sessionId, acks: [], unresolved: null };
      for (let i = 0; i < options.turnsPerSession; i++) {
        const key = `${runRunId}.${s}.${i}`;
        const ack = await sendTurn(cluster, drive, sessionId, key, MESSAGES[(s + i) % MESSAGES.length] ?? "");
        if (!ack) {
          run.unresolved = key;
          break;
        }
        run.acks.push(ack);
        drive.acknowledged++;
        if (drive.acknowledged >= options.firstAfterAcks) terminating ??= terminateTwice();
      }
      return run;
    };
    const sessions = await Promise.all(ids.map(runSession));
    await terminating;
    // The checks read after the database is back: on a quiet machine every turn may be acknowledged
    // before the second termination, and a read right after it meets the dropped connections.
    await healthMs;
    const expected = options.sessions * options.turnsPerSession;
    const stored = await checkStored(cluster, sessions);
    const ledger = await sentAgainOn503(() => verifyLedger(cluster));
    const firstAfter = drive.successes.filter((s) => s.sentAt >= lastTermination).sort((a, b) => a.at - b.at)[0];
    const jobsResumed = ids[0] ? await replayRuns(cluster, ids[0]) : false;
    const serverLog = (cluster.servers[0]?.log() ?? "").split("\n");
    const isFrame = (line: string) => /^\s+at /.test(line);
    return {
      acknowledged: drive.acknowledged,
      expected,
      unacknowledged: expected - drive.acknowledged,
      lost: stored.lost,
      orderViolations: stored.orderViolations + stored.duplicateAcks,
      ledgerIntact: ledger.is_intact,
      statuses: drive.statuses,
      conflictsAfter503: drive.conflictsAfter503,
      terminated,
      recoveryMs: firstAfter && lastTermination ? firstAfter.at - lastTermination : null,
      healthRecoveryMs: await healthMs,
      jobsResumed,
      jobOutageLines: serverLog.filter((line) => line.startsWith("[jobs] database unavailable")).length,
      stackLines: serverLog.filter(isFrame).length,
      stackSample: serverLog
        .flatMap((line, i) =>
          !isFrame(line) && isFrame(serverLog[i + 1] ?? "") ? [serverLog.slice(i, i + 4).join(" ")] : [],
        )
        .slice(0, 3),
      seconds: (Date.now() - t0) / 1000,
    };
  } finally {
    await cluster.stop();
  }
}
