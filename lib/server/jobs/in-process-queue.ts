import "server-only";
import { insertJobRun, nextDueAt, nextRunnableJob, requeueRunningJobs } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { loggableError } from "../loggable-error";
import { type EnqueueData, type EnqueueOptions, type JobDefinition, type JobQueue, jobRunToStore } from "./job-queue";
import { LOST_AFTER_MS, runJobAttempt } from "./run-job";

// The queue on the embedded PGlite, which one process owns (Focal locks its directory): jobs are rows
// of job_runs, run one at a time in order of when they are due (the same 2 cores serve turns), a
// failed attempt waits its backoff in the table, and at start jobs left running by a previous process
// go back to the queue. Schedules are timers. The same handlers run as under pg-boss.

export class InProcessQueue implements JobQueue {
  readonly backend = "in-process" as const;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private loop: Promise<void> | null = null;
  private wake: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;

  constructor(private readonly db: Database) {}

  registerHandler(name: string, definition: JobDefinition): void {
    this.definitions.set(name, definition);
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
    if (this.wake) clearTimeout(this.wake);
    await this.loop?.catch(() => undefined);
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
      if (this.loop) await this.loop;
      else if (this.wake) await new Promise((resolve) => setTimeout(resolve, 20));
      else return;
    }
  }

  /** Starts the loop unless it runs; it drains every due job, then sleeps until the next one is due. */
  private kick(): void {
    if (this.stopped || this.loop) return;
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    this.loop = this.drain()
      .catch((error) => console.error("[jobs] in-process runner", loggableError(error)))
      .finally(() => {
        this.loop = null;
      });
  }

  private async drain(): Promise<void> {
    const kinds = [...this.definitions.keys()];
    for (;;) {
      if (this.stopped) return;
      const next = await nextRunnableJob(this.db, kinds, LOST_AFTER_MS);
      const definition = next ? this.definitions.get(next.kind) : undefined;
      if (!next || !definition) break;
      await runJobAttempt(this.db, next.id, definition);
    }
    const due = await nextDueAt(this.db, kinds);
    if (due && !this.stopped) {
      const wait = Math.max(10, due.getTime() - Date.now());
      this.wake = setTimeout(() => this.kick(), wait);
      this.wake.unref?.();
    }
  }
}
