import fs from "node:fs";
import os from "node:os";
import { type Cluster, running } from "./multi-instance-cluster";
import { CpuMeter, processTree } from "./process-cpu";

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
