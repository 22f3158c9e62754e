import { pathToFileURL } from "node:url";
import { Report } from "../report";
import { checkStored, verifyLedger } from "./multi-instance-checks";
import { type Cluster, createSessions, startCluster } from "./multi-instance-cluster";
import { availableCores, instanceCpuMeter, postgresCpuMeter } from "./multi-instance-cpu";
import { driveSessions, warmUp } from "./multi-instance-drive";
import { machineCpuMs } from "./process-cpu";

// `BENCH_HTTP=1 npm run bench`, after the single-server figures: 3 `next start` instances on one
// temporary PostgreSQL database behind the round-robin proxy, the 1,000-rule agent, 50 sessions.
// Run 1 (no faults, BENCH_MULTI_SECONDS, default 30): turns_per_s_pg_3x, cpu_ms_per_turn_pg (the
// instances' process trees + this database's PostgreSQL backends, from /proc), cpu_bound_share
// (turns/s × CPU ms per turn ÷ (available cores × 1000)), turns_lost, session_order_violations,
// ledger_intact_after_load. Run 2 on 50 new sessions: one instance SIGKILLed a third of the way in;
// turns_lost_after_kill, turns_after_kill (run by the living instances after the kill),
// session_order_violations_after_kill, ledger_intact_after_kill. Uses the existing build (`.next`,
// or FOCAL_NEXT_DIST_DIR); never builds. Env: BENCH_MULTI_INSTANCES (3), BENCH_MULTI_SESSIONS (50),
// BENCH_HTTP_RULES (1000). Alone: `npx tsx bench/http/multi-instance-bench.ts`.

function fixed(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "NaN";
}

function counts(record: Record<string, number>): string {
  const entries = Object.entries(record);
  return entries.length ? entries.map(([k, v]) => `${k}×${v}`).join(", ") : "none";
}

export interface MultiInstanceFigures {
  lost: number;
  orderViolations: number;
  ledgerIntact: boolean;
  lostAfterKill: number;
  orderViolationsAfterKill: number;
  ledgerIntactAfterKill: boolean;
  turnsAfterKill: number;
}

export async function benchMultiInstance(report: Report): Promise<MultiInstanceFigures> {
  const instances = Number(process.env.BENCH_MULTI_INSTANCES ?? 3);
  const sessions = Number(process.env.BENCH_MULTI_SESSIONS ?? 50);
  const seconds = Number(process.env.BENCH_MULTI_SECONDS ?? 30);
  const rules = Number(process.env.BENCH_HTTP_RULES ?? 1000);
  const log = (line: string) => report.note(`multi: ${line}`);
  const t0 = Date.now();
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({ instances, rules, log });
    const c = cluster;
    await warmUp(c, instances * 6);
    log(`${c.rules} rules imported, warmed up; ${((Date.now() - t0) / 1000).toFixed(1)} s so far`);

    // Run 1: no faults, CPU measured.
    const ids = await createSessions(c, sessions);
    const instancesCpu = instanceCpuMeter(c);
    const pg = postgresCpuMeter(c);
    const harnessBefore = process.cpuUsage();
    const machineBefore = machineCpuMs();
    const servedBefore = c.proxy.upstreams.map((u) => u.served);
    await Promise.all([instancesCpu.start(), pg.meter.start()]);
    const load = await driveSessions(c, ids, { seconds, meters: [instancesCpu, pg.meter], log });
    await Promise.all([instancesCpu.sample(), pg.meter.sample()]);
    const harness = process.cpuUsage(harnessBefore);
    const machineAfter = machineCpuMs();
    const machineBusy = (machineAfter.busyMs - machineBefore.busyMs) / (machineAfter.totalMs - machineBefore.totalMs);
    const served = c.proxy.upstreams.map((u, i) => `:${u.port} ${u.served - (servedBefore[i] ?? 0)}`).join(", ");
    const stored = await checkStored(c, load.sessions);
    const ledger = await verifyLedger(c);
    const turnsPerS = load.acknowledged / load.seconds;
    const instanceMs = instancesCpu.spentMs() / load.acknowledged;
    const pgMs = pg.meter.spentMs() / load.acknowledged;
    const cpuMsPerTurn = instanceMs + pgMs;
    const cores = availableCores();
    report.figure("turns_per_s_pg_3x", fixed(turnsPerS));
    report.figure("cpu_ms_per_turn_pg", fixed(cpuMsPerTurn));
    report.figure("cpu_bound_share", fixed((turnsPerS * cpuMsPerTurn) / (cores * 1000), 2));
    report.figure("turns_lost", stored.lost);
    report.figure("session_order_violations", stored.orderViolations + stored.duplicateAcks);
    report.figure("ledger_intact_after_load", String(ledger.is_intact));
    log(
      `${instances} instances, ${sessions} sessions, ${c.rules} rules, ${fixed(load.seconds)} s: ${load.acknowledged} turns ` +
        `acknowledged (requests per instance ${served}); ` +
        `retries ${counts(load.retries)}; failures ${counts(load.failures)}; slowest turn ${load.maxTurnMs} ms`,
    );
    log(
      `CPU per turn: instances ${fixed(instanceMs)} ms (${instancesCpu.processes()} processes: next start and its children) + ` +
        `PostgreSQL backends of this database ${fixed(pgMs)} ms (${pg.meter.processes()} backends${pg.available() ? "" : ", not readable in /proc: 0 counted"}); ` +
        `not counted: this process (client + proxy) ${fixed((harness.user + harness.system) / 1000 / load.acknowledged)} ms/turn, ` +
        `PostgreSQL background writers; ${cores} cores available; the machine is shared, so figures are noisy`,
    );
    const waits = pg.waits();
    const ours = instancesCpu.spentMs() + pg.meter.spentMs() + (harness.user + harness.system) / 1000;
    log(
      `all cores busy ${fixed(machineBusy * 100, 0)}% of the run (/proc/stat); this bench's processes (instances, ` +
        `backends, client + proxy) ${fixed((ours / (machineAfter.totalMs - machineBefore.totalMs)) * 100, 0)}%, the rest is other work on the machine; ` +
        `PostgreSQL backends of this database per 1 s sample: ${fixed(waits.activeAvg)} running a statement, ` +
        `${fixed(waits.advisoryAvg)} waiting on the ledger's advisory lock (${waits.samples} samples)`,
    );
    log(`ledger ${ledger.total} events; ${stored.details.join("; ") || "every session's turns stored in order"}`);

    // Run 2: the same instances, new sessions, one instance SIGKILLed a third of the way in.
    const killIds = await createSessions(c, sessions);
    const servedBeforeKill = c.proxy.upstreams.map((u) => u.served);
    const kill = await driveSessions(c, killIds, {
      seconds,
      kill: { afterSeconds: seconds / 3, instance: instances - 1 },
      log,
    });
    const storedAfterKill = await checkStored(c, kill.sessions);
    const ledgerAfterKill = await verifyLedger(c);
    report.figure("turns_lost_after_kill", storedAfterKill.lost);
    report.figure("turns_after_kill", kill.turnsAfterKill);
    report.figure(
      "session_order_violations_after_kill",
      storedAfterKill.orderViolations + storedAfterKill.duplicateAcks,
    );
    report.figure("ledger_intact_after_kill", String(ledgerAfterKill.is_intact));
    log(
      `kill run: ${kill.acknowledged} turns acknowledged in ${fixed(kill.seconds)} s; ${kill.cutOffByKill} turns were ` +
        `in flight on the killed instance (${kill.replays} of them answered from the idempotency record, having committed; ` +
        `the rest run again); after the kill per instance ${counts(kill.afterKillByPort)}; ` +
        `retries ${counts(kill.retries)}, failures ${counts(kill.failures)}, ` +
        `${storedAfterKill.unacknowledgedStored} stored turns never acknowledged; slowest turn ${kill.maxTurnMs} ms ` +
        `(a key whose attempt died with its instance is refused with 409 until its in-flight claim lapses (FOCAL_IDEMPOTENCY_IN_FLIGHT_MS, 20 s here))`,
    );
    log(
      `kill run: requests per instance ${c.proxy.upstreams.map((u, i) => `:${u.port} ${u.served - (servedBeforeKill[i] ?? 0)}${u.down ? " (down)" : ""}`).join(", ")}; ` +
        `${storedAfterKill.details.join("; ") || "every session's turns stored in order"}; done in ${fixed((Date.now() - t0) / 1000)} s`,
    );
    return {
      lost: stored.lost,
      orderViolations: stored.orderViolations + stored.duplicateAcks,
      ledgerIntact: ledger.is_intact,
      lostAfterKill: storedAfterKill.lost,
      orderViolationsAfterKill: storedAfterKill.orderViolations + storedAfterKill.duplicateAcks,
      ledgerIntactAfterKill: ledgerAfterKill.is_intact,
      turnsAfterKill: kill.turnsAfterKill,
    };
  } finally {
    await cluster?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchMultiInstance(new Report()).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
