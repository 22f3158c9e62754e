import { spawnSync } from "node:child_process";
import fs from "node:fs";

// CPU time of processes from /proc (Linux): utime + stime of each live process, in ms. A parent's
// cutime/cstime only counts children it has reaped, so a process tree is read process by process.

const CLOCK_TICKS = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(out.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

interface ProcStat {
  pid: number;
  ppid: number;
  cpuMs: number;
  /** Start time since boot in clock ticks: (pid, startTicks) names one process even if the pid is reused. */
  startTicks: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid … utime(14) stime(15)": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { pid, ppid, cpuMs: ((utime + stime) * 1000) / CLOCK_TICKS, startTicks: Number(fields[19]) };
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** `root` and every live descendant of it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const stat of allStats()) {
    const list = children.get(stat.ppid) ?? [];
    list.push(stat.pid);
    children.set(stat.ppid, list);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export interface ProcessIdentity {
  pid: number;
  startTicks: number;
}

/** `root` and its live descendants, each with its start time (empty when `root` is gone). */
export function identifyTree(root: number): ProcessIdentity[] {
  return processTree(root).flatMap((pid) => {
    const stat = readStat(pid);
    return stat ? [{ pid, startTicks: stat.startTicks }] : [];
  });
}

/** SIGKILLs each process that is still the one identified (a pid reused since is left alone). */
export function killIdentified(processes: ProcessIdentity[]): number[] {
  const killed: number[] = [];
  for (const { pid, startTicks } of processes) {
    if (readStat(pid)?.startTicks !== startTicks) continue;
    try {
      process.kill(pid, "SIGKILL");
      killed.push(pid);
    } catch {
      // Already gone.
    }
  }
  return killed;
}

/** SIGKILLs `root` and its descendants; returns the pids signalled. */
export function killTree(root: number): number[] {
  return killIdentified(identifyTree(root));
}

/** CPU ms of one process so far, or null when it is gone. */
function processCpuMs(pid: number): number | null {
  return readStat(pid)?.cpuMs ?? null;
}

/**
 * Accumulates the CPU a changing set of processes spends between start() and stop(). Call sample()
 * now and then (a process that exits between samples loses what it spent since the last one).
 * A process first seen after start() counts from its baseline: 0 when `bornAfterStart` says it
 * started after start(), else its CPU at first sight.
 */
export class CpuMeter {
  private readonly baseline = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private startedAt: number | null = null;

  /** `list(startedAt)`: the processes to count now; `startedAt` is start()'s Date.now(). */
  constructor(private readonly list: (startedAt: number) => Promise<{ pid: number; bornAfterStart: boolean }[]>) {}

  async start(): Promise<void> {
    this.baseline.clear();
    this.last.clear();
    this.startedAt = Date.now();
    for (const { pid } of await this.list(this.startedAt)) {
      const ms = processCpuMs(pid);
      if (ms !== null) {
        this.baseline.set(pid, ms);
        this.last.set(pid, ms);
      }
    }
  }

  async sample(): Promise<void> {
    if (this.startedAt === null) return;
    for (const { pid, bornAfterStart } of await this.list(this.startedAt)) {
      const ms = processCpuMs(pid);
      if (ms === null) continue;
      if (!this.baseline.has(pid)) this.baseline.set(pid, bornAfterStart ? 0 : ms);
      this.last.set(pid, ms);
    }
  }

  /** CPU ms spent since start() by every process seen. */
  spentMs(): number {
    let total = 0;
    for (const [pid, ms] of this.last) total += ms - (this.baseline.get(pid) ?? ms);
    return total;
  }

  processes(): number {
    return this.last.size;
  }
}

/** The whole machine's CPU from /proc/stat so far: busy (not idle, not iowait) and total, ms. */
export function machineCpuMs(): { busyMs: number; totalMs: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busyMs: ((total - idle) * 1000) / CLOCK_TICKS, totalMs: (total * 1000) / CLOCK_TICKS };
}
