import { MESSAGES } from "./load";
import { type Cluster, createSessions } from "./multi-instance-cluster";
import { type CpuMeter, killTree } from "./process-cpu";

// Sessions concurrent, each session's turns sequential, through the cluster's round-robin proxy.
// Every turn carries an Idempotency-Key; a 502 (the proxy lost its upstream), a network error or a
// timeout is retried with the same key, a 409 (the key's first attempt is still in flight, or died
// with its instance and holds the key until its in-flight claim expires) after a pause.

/** Per-turn retry budget: a key whose first attempt died with its instance is free after 60 s. */
const RETRY_BUDGET_MS = 90_000;
const ATTEMPT_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Warm-up: each instance compiles the agent on its first turn; round robin spreads these over all. */
export async function warmUp(cluster: Cluster, turns: number): Promise<void> {
  const sessions = await createSessions(cluster, cluster.servers.length * 2);
  await driveSessions(cluster, sessions, { turnsPerSession: Math.max(1, Math.ceil(turns / sessions.length)) });
}
