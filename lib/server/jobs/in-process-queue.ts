import "server-only";
import { insertJobRun, nextDueAt, nextRunnableJob, requeueRunningJobs } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { loggableError } from "../loggable-error";
import { type EnqueueData, type EnqueueOptions, type JobDefinition, type JobQueue, jobRunToStore } from "./job-queue";
import { LOST_AFTER_MS, runJobAttempt } from "./run-job";

// The queue on the embedded PGlite, which one process owns (Focal locks its directory): jobs are rows
// of job_runs, run in order of when they are due, a failed attempt waits its backoff in the table, and
// at start jobs left running by a previous process go back to the queue. Schedules are timers. The
// same handlers run as under pg-boss.
//
// Jobs run in lanes. Every kind shares one lane that runs one job at a time (replays and test runs
// work the same 2 cores that serve turns), except a kind whose definition sets `concurrency`: it gets
// a lane of its own that runs that many at once (webhook deliveries wait on receivers, not on the CPU,
// so a slow receiver must not hold up another agent's delivery or a replay).

interface Lane {
  kinds: string[];
  concurrency: number;
  running: Map<string, Promise<void>>;
  loop: Promise<void> | null;
  wake: NodeJS.Timeout | null;
  /** Wakes a loop that waits for its running jobs: a job was queued. */
  poke: (() => void) | null;
}

const SERIAL = "serial";

export class InProcessQueue implements JobQueue {
  readonly backend = "in-process" as const;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly lanes = new Map<string, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private started = false;
  private stopped = false;

  constructor(private readonly db: Database) {}

  registerHandler(name: string, definition: JobDefinition): void {
    this.definitions.set(name, definition);
    const concurrency = Math.max(1, definition.concurrency ?? 1);
    const key = concurrency > 1 ? name : SERIAL;
    const lane: Lane = this.lanes.get(key) ?? {
      kinds: [],
      concurrency,
      running: new Map(),
      loop: null,
      wake: null,
      poke: null,
    };
    if (!lane.kinds.includes(name)) lane.kinds.push(name);
    this.lanes.set(key, lane);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await requeueRunningJobs(this.db, [...this.definitions.keys()]);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    for (const lane of this.lanes.values()) {
      if (lane.wake) clearTimeout(lane.wake);
      lane.poke?.();
    }
    await Promise.all([...this.lanes.values()].map((lane) => lane.loop?.catch(() => undefined)));
    // Jobs a concurrent lane started finish their attempt before the queue (and its database) goes.
    await Promise.all([...this.lanes.values()].flatMap((lane) => [...lane.running.values()]));
  }

  async enqueue(name: string, data: EnqueueData, options: EnqueueOptions = {}) {
    const row = await jobRunToStore(this.db, this.definitions, name, data, options);
    if (!row) return null;
    const run = await insertJobRun(this.db, row);
    this.started = true;
    this.kick();
    return run;
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    const timer = setInterval(() => {
      this.enqueue(
        name,
        { request: { schedule: `every ${everyMs / 1000} s` }, createdBy: "system" },
        { singleton: true },
      ).catch((error) => console.error(`[jobs] scheduling ${name}`, loggableError(error)));
    }, everyMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  async settled(): Promise<void> {
    for (;;) {
      const lanes = [...this.lanes.values()];
      const loops = lanes.flatMap((lane) => (lane.loop ? [lane.loop] : []));
      if (loops.length > 0) await Promise.all(loops);
      else if (lanes.some((lane) => lane.wake)) await new Promise((resolve) => setTimeout(resolve, 20));
      else return;
    }
  }

  /** Starts each lane's loop unless it runs (a running one is poked to look for the new job). */
  private kick(): void {
    if (this.stopped) return;
    for (const lane of this.lanes.values()) {
      if (lane.loop) {
        lane.poke?.();
        continue;
      }
      if (lane.wake) clearTimeout(lane.wake);
      lane.wake = null;
      lane.loop = this.drain(lane)
        .catch((error) => console.error("[jobs] in-process runner", loggableError(error)))
        .finally(() => {
          lane.loop = null;
        });
    }
  }

  /** Starts due jobs up to the lane's concurrency until none is left, then sleeps until the next is due. */
  private async drain(lane: Lane): Promise<void> {
    for (;;) {
      if (this.stopped) break;
      while (lane.running.size < lane.concurrency) {
        const next = await nextRunnableJob(this.db, lane.kinds, LOST_AFTER_MS, [...lane.running.keys()]);
        const definition = next ? this.definitions.get(next.kind) : undefined;
        if (!next || !definition) break;
        const run = runJobAttempt(this.db, next.id, definition).then(
          () => undefined,
          (error) => console.error(`[jobs] ${next.kind}`, loggableError(error)),
        );
        lane.running.set(
          next.id,
          run.finally(() => lane.running.delete(next.id)),
        );
        if (lane.concurrency === 1) await run;
      }
      if (lane.running.size === 0) break;
      await this.waitForChange(lane);
    }
    if (this.stopped) return;
    const due = await nextDueAt(this.db, lane.kinds);
    if (due && !this.stopped) {
      const wait = Math.max(10, due.getTime() - Date.now());
      lane.wake = setTimeout(() => this.kick(), wait);
      lane.wake.unref?.();
    }
  }

  /** Until a running job ends, a job is queued, or the next queued one is due. */
  private async waitForChange(lane: Lane): Promise<void> {
    const due = await nextDueAt(this.db, lane.kinds);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ...lane.running.values(),
      new Promise<void>((resolve) => {
        lane.poke = resolve;
        if (due) timer = setTimeout(resolve, Math.max(10, due.getTime() - Date.now()));
      }),
    ]);
    lane.poke = null;
    if (timer) clearTimeout(timer);
  }
}
