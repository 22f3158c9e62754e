import { checkStored, verifyLedger } from "@/bench/http/multi-instance-checks";
import { type Cluster, createSessions, startCluster } from "@/bench/http/multi-instance-cluster";
import { driveSessions } from "@/bench/http/multi-instance-drive";
import { boundedCheck } from "./bounded-check";

// `npm test`'s last step (scripts/test-all.sh), after e2e: 3 instances of the e2e build on a fresh
// PostgreSQL database behind the round-robin proxy, 10 sessions × 5 turns, and one instance SIGKILLed
// (whole process tree) after 12 acknowledged turns. Fails (exit 1) on a lost turn, a session whose
// stored turn_index sequence differs from its acknowledgements, a duplicate, a turn never answered,
// a ledger that does not verify, or no turn run by the living instances after the kill. Starts and
// stops everything itself: instances killed and the database dropped on every exit, within
// MULTI_TEST_TIMEOUT_S (default 300). `npx tsx test/faults/multi-instance-test.ts`.

const INSTANCES = 3;
const SESSIONS = Number(process.env.MULTI_TEST_SESSIONS ?? 10);
const TURNS = Number(process.env.MULTI_TEST_TURNS ?? 5);
const RULES = Number(process.env.MULTI_TEST_RULES ?? 100);
const KILL_AFTER_ACKS = 12;
const TIMEOUT_S = Number(process.env.MULTI_TEST_TIMEOUT_S ?? 300);

const check = boundedCheck("multi-instance", { timeoutS: TIMEOUT_S, stopBudgetMs: 20_000 });
const log = check.log;

async function main(): Promise<string[]> {
  const c: Cluster = await startCluster({
    instances: INSTANCES,
    rules: RULES,
    log,
    onStop: check.onStop,
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

check.run(main);
