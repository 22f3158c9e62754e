import type { Report } from "../report";
import { runDbBlip } from "./db-blip";

// `BENCH_DB_BLIP=1 npm run bench` (PostgreSQL at FOCAL_TEST_DATABASE_URL or 127.0.0.1:5432, and a build):
// the fault test's blip (./db-blip.ts) at a larger size, 10 sessions × 20 turns, and how long a client
// waits after the last termination (docs/operations.md).
export async function benchDbBlip(report: Report): Promise<void> {
  const log = (line: string) => report.note(`db-blip: ${line}`);
  const r = await runDbBlip({
    sessions: Number(process.env.BENCH_DB_BLIP_SESSIONS ?? 10),
    turnsPerSession: Number(process.env.BENCH_DB_BLIP_TURNS ?? 20),
    firstAfterAcks: 40,
    log,
  });
  report.figure("turns_unacknowledged_after_db_blip", r.unacknowledged);
  report.figure("db_blip_recovery_ms", r.recoveryMs ?? "none");
  report.figure("db_blip_health_recovery_ms", r.healthRecoveryMs ?? "none");
  log(
    `${r.acknowledged}/${r.expected} acknowledged, answers ${JSON.stringify(r.statuses)}, lost ${r.lost}, ` +
      `409 after 503 ${r.conflictsAfter503}, ledger intact ${r.ledgerIntact}, jobs resumed ${r.jobsResumed}, ` +
      `terminated ${r.terminated.join(" + ")} backends`,
  );
}
