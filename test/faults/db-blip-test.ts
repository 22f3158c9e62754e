import { runDbBlip } from "@/bench/http/db-blip";
import { boundedCheck } from "./bounded-check";

// `npm test`'s database fault test (scripts/test-all.sh), after the kill test, on the e2e build: one
// instance on a fresh PostgreSQL database, 6 sessions × 10 turns with Idempotency-Keys and retries,
// every backend of that database terminated twice, 3 s apart (bench/http/db-blip.ts). Fails (exit 1) on a turn
// never acknowledged, an acknowledged turn not stored, a 5xx other than 503, a 409 after a 503, a
// ledger that does not verify, jobs that do not run afterwards, a stack trace in the server log, or
// more than one job-queue outage line per termination. Skips (exit 0) without a PostgreSQL URL
// (FOCAL_TEST_DATABASE_URL or DATABASE_URL). Stops everything itself within DB_BLIP_TIMEOUT_S (60).
// `FOCAL_TEST_DATABASE_URL=postgres://… npx tsx test/faults/db-blip-test.ts`.

const TIMEOUT_S = Number(process.env.DB_BLIP_TIMEOUT_S ?? 60);
const check = boundedCheck("db-blip", { timeoutS: TIMEOUT_S, stopBudgetMs: 15_000 });
const log = check.log;

const databaseUrl = process.env.FOCAL_TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  log("skipped: no PostgreSQL (set FOCAL_TEST_DATABASE_URL or DATABASE_URL)");
  process.exit(0);
}
// bench/http/focal-server.ts creates its databases on the server FOCAL_TEST_DATABASE_URL names.
process.env.FOCAL_TEST_DATABASE_URL = databaseUrl;

async function main(): Promise<string[]> {
  const r = await runDbBlip({
    sessions: 6,
    turnsPerSession: 10,
    firstAfterAcks: 15,
    log,
    onStop: check.onStop,
  });
  log(
    `${r.acknowledged}/${r.expected} acknowledged; answers ${JSON.stringify(r.statuses)}; terminated ${r.terminated.join(" + ")} backends; ` +
      `recovery ${r.recoveryMs} ms (health ${r.healthRecoveryMs} ms); lost ${r.lost}, order violations ${r.orderViolations}, ` +
      `409 after 503: ${r.conflictsAfter503}; ledger intact ${r.ledgerIntact}; jobs resumed ${r.jobsResumed}; ` +
      `job outage lines ${r.jobOutageLines}, stack lines ${r.stackLines}; ${r.seconds.toFixed(1)} s`,
  );
  const problems: string[] = [];
  if (r.terminated.length !== 2 || r.terminated.some((n) => n === 0))
    problems.push("the backends were not terminated twice");
  if (r.unacknowledged > 0) problems.push(`${r.unacknowledged} turns never acknowledged`);
  if (r.lost > 0) problems.push(`${r.lost} acknowledged turns not stored`);
  if (r.orderViolations > 0)
    problems.push(`${r.orderViolations} sessions whose stored turns differ from their acknowledgements`);
  const other5xx = Object.keys(r.statuses).filter((s) => s.startsWith("5") && s !== "503");
  if (other5xx.length > 0) problems.push(`5xx other than 503: ${other5xx.join(", ")}`);
  if (r.conflictsAfter503 > 0) problems.push(`${r.conflictsAfter503} answers 409 after a 503 for the same key`);
  if (!r.ledgerIntact) problems.push("the ledger does not verify");
  if (!r.jobsResumed) problems.push("a replay job enqueued after the blip did not finish");
  if (r.stackLines > 0)
    problems.push(`${r.stackLines} stack-trace lines in the server log, after: ${r.stackSample.join(" | ")}`);
  if (r.jobOutageLines > r.terminated.length)
    problems.push(`${r.jobOutageLines} job-queue outage lines for ${r.terminated.length} terminations`);
  return problems;
}

check.run(main);
