import { checkStored, verifyLedger } from "./multi-instance-checks";
import { type Cluster, createSessions, startCluster } from "./multi-instance-cluster";
import { driveSessions } from "./multi-instance-drive";

// `npm test`'s last step (scripts/test-all.sh), after e2e: 3 instances of the e2e build on a fresh
// PostgreSQL database behind the round-robin proxy, 10 sessions × 5 turns, and one instance SIGKILLed
// (whole process tree) after 12 acknowledged turns. Fails (exit 1) on a lost turn, a session whose
// stored turn_index sequence differs from its acknowledgements, a duplicate, a turn never answered,
// a ledger that does not verify, or no turn run by the living instances after the kill. Starts and
// stops everything itself: instances killed and the database dropped on every exit, within
// MULTI_TEST_TIMEOUT_S (default 300). `npx tsx bench/http/multi-instance-test.ts`.

const INSTANCES = 3;
const SESSIONS = Number(process.env.MULTI_TEST_SESSIONS ?? 10);
const TURNS = Number(process.env.MULTI_TEST_TURNS ?? 5);
const RULES = Number(process.env.MULTI_TEST_RULES ?? 100);
const KILL_AFTER_ACKS = 12;
const TIMEOUT_S = Number(process.env.MULTI_TEST_TIMEOUT_S ?? 300);

const t0 = Date.now();
const log = (line: string) => console.log(`[multi-instance ${((Date.now() - t0) / 1000).toFixed(1)}s] ${line}`);
let stopCluster: (() => Promise<void>) | null = null;
let exiting: Promise<never> | null = null;

/** Stops the cluster (bounded) and exits; a second call (a failure during the first) waits for the first. */
function cleanUpAndExit(code: number): Promise<never> {
  exiting ??= (async () => {
    const stoppedAt = Date.now();
    // Cleaning up is bounded too.
    await Promise.race([stopCluster?.(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    log(`stopped and dropped in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
    process.exit(code);
  })();
  return exiting;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUpAndExit(1);
  });
}
setTimeout(() => {
  log(`FAIL: not done after ${TIMEOUT_S} s`);
  void cleanUpAndExit(1);
}, TIMEOUT_S * 1000).unref();

async function main(): Promise<string[]> {
  const c: Cluster = await startCluster({
    instances: INSTANCES,
    rules: RULES,
    log,
    onStop: (stop) => {
      stopCluster = stop;
    },
  });
  const ids = await createSessions(c, SESSIONS);
  log(
    `${c.rules} rules imported; ${SESSIONS} sessions × ${TURNS} turns, SIGKILL after ${KILL_AFTER_ACKS} acknowledged`,
  );
  const run = await driveSessions(c, ids, {
    turnsPerSession: TURNS,
    kill: { afterAcks: KILL_AFTER_ACKS, instance: INSTANCES - 1 },
    log,
  });
  const stored = await checkStored(c, run.sessions);
  const ledger = await verifyLedger(c);
  const problems: string[] = [];
  if (run.killedAt === null) problems.push("no instance was killed");
  if (stored.lost > 0) problems.push(`${stored.lost} acknowledged turns missing from the turns table`);
  if (stored.orderViolations > 0)
    problems.push(`${stored.orderViolations} sessions out of order: ${stored.details.join("; ")}`);
  if (stored.duplicateAcks > 0) problems.push(`${stored.duplicateAcks} turn ids acknowledged twice`);
  if (run.acknowledged !== SESSIONS * TURNS) {
    problems.push(
      `${run.acknowledged} of ${SESSIONS * TURNS} turns acknowledged (failures: ${JSON.stringify(run.failures)})`,
    );
  }
  if (!ledger.is_intact) problems.push(`ledger broken at ${JSON.stringify(ledger.broken_at)}`);
  if (run.turnsAfterKill === 0) problems.push("no turn was run by the living instances after the kill");
  log(
    `${run.acknowledged} turns acknowledged in ${run.seconds.toFixed(1)} s, ${run.turnsAfterKill} run after the kill, ` +
      `${run.cutOffByKill} in flight on the killed instance (${run.replays} answered from the idempotency record); retries ${JSON.stringify(run.retries)}; ` +
      `slowest turn ${run.maxTurnMs} ms; lost ${stored.lost}, order violations ${stored.orderViolations}, ` +
      `ledger intact ${ledger.is_intact} (${ledger.total} events); proxy ${c.proxy.upstreams
        .map((u) => `:${u.port} ${u.served}${u.down ? " down" : ""}`)
        .join(", ")}`,
  );
  return problems;
}

main()
  .then(async (problems) => {
    if (problems.length > 0) {
      for (const p of problems) log(`FAIL: ${p}`);
      await cleanUpAndExit(1);
    }
    log("ok");
    await cleanUpAndExit(0);
  })
  .catch(async (error) => {
    log(`FAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUpAndExit(1);
  });
