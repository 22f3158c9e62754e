import "server-only";
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { pingDatabase } from "@/db/queries/health";
import { ensureJobRun, hasOpenJobRun, insertJobRun } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { dbFaultReply } from "../db-faults/db-fault-reply";
import { outageLog } from "../db-faults/outage-log";
import { loggableError } from "../loggable-error";
import {
  type EnqueueData,
  type EnqueueOptions,
  type JobDefinition,
  type JobQueue,
  jobRunToStore,
  retryDelay,
} from "./job-queue";
import { runJobAttempt } from "./run-job";

// The queue on PostgreSQL: pg-boss (its own schema `pgboss`, created at start) carries each job from
// whichever instance enqueued it to one worker on any instance (SKIP LOCKED), retries a failed attempt
// with backoff, expires a job whose instance died and runs it again, and runs cron schedules once
// across instances. The job's visible record, request and payload stay in job_runs; a pg-boss job
// carries only the job_runs id (a scheduled one is given a row, under its own id, when it arrives).

export interface PgBossQueueOptions {
  /** Poll for new jobs this often (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often the scheduler looks at cron schedules (tests use 1). */
  cronMonitorIntervalSeconds?: number;
  /** false: only queue and schedule; `focal worker` processes run the jobs (docs/jobs.md). */
  work?: boolean;
}

// An attempt pg-boss has not heard back from for this long is failed and retried elsewhere; the
// job_runs claim refuses it while the first instance still heartbeats (run-job.ts).
const EXPIRE_IN_SECONDS = 15 * 60;
// During a database outage the queue checks once a second whether it is back (to log its end).
const OUTAGE_PROBE_MS = 1000;

/** A period as a cron expression: every N minutes (dividing the hour), every N hours, or daily at 03:00 UTC. */
function cronFor(everyMs: number): string {
  const minutes = Math.max(1, Math.round(everyMs / 60_000));
  if (minutes < 60) return 60 % minutes === 0 && minutes > 1 ? `*/${minutes} * * * *` : "* * * * *";
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `0 */${hours} * * *`;
  return "0 3 * * *";
}

export class PgBossQueue implements JobQueue {
  readonly backend = "pg-boss" as const;
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started: Promise<void> | null = null;
  private readonly outage = outageLog("jobs");

  constructor(
    private readonly db: Database,
    connectionString: string,
    private readonly options: PgBossQueueOptions = {},
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: "pgboss",
      application_name: "focal-jobs",
      max: 4,
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds ?? 5,
    });
    this.boss.on("error", (error) => this.onBossError(error));
  }

  /**
   * pg-boss reports each of its connections lost (57P01 when a backend is terminated) and each failed
   * poll during an outage. That is one event: one line with the SQLSTATE, then a ping every second
   * until the database answers (one more line); pg-boss's own pool reconnects and workers resume.
   */
  private onBossError(error: Error): void {
    if (!dbFaultReply(error)) {
      console.error("[jobs] pg-boss", loggableError(error));
      return;
    }
    const wasDown = this.outage.down;
    this.outage.failed(error);
    if (wasDown) return;
    const probe = setInterval(() => {
      pingDatabase(this.db).then(
        () => {
          this.outage.succeeded();
          clearInterval(probe);
        },
        () => {},
      );
    }, OUTAGE_PROBE_MS);
    probe.unref();
  }

  registerHandler(name: string, definition: JobDefinition): void {
    this.definitions.set(name, definition);
  }

  start(): Promise<void> {
    this.started ??= this.startBoss();
    return this.started;
  }

  private async startBoss(): Promise<void> {
    await this.boss.start();
    for (const [name, definition] of this.definitions) {
      const maxAttempts = definition.maxAttempts ?? 1;
      await this.boss.createQueue(name, {
        name,
        retryLimit: maxAttempts - 1,
        retryDelay: Math.max(1, Math.round(retryDelay(definition, 1) / 1000)),
        retryBackoff: true,
        expireInSeconds: EXPIRE_IN_SECONDS,
      });
      if (this.options.work === false) continue;
      // One worker takes one job at a time; a kind with `concurrency` gets that many workers.
      for (let worker = 0; worker < Math.max(1, definition.concurrency ?? 1); worker++) {
        await this.work(name, definition, maxAttempts);
      }
    }
  }

  private async work(name: string, definition: JobDefinition, maxAttempts: number): Promise<void> {
    await this.boss.work<{ jobRunId?: string }>(
      name,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        const id = job.data?.jobRunId ?? job.id;
        if (!job.data?.jobRunId) {
          await ensureJobRun(this.db, {
            id,
            kind: name,
            request: { schedule: "cron" },
            createdBy: "system",
            maxAttempts,
          });
        }
        const result = await runJobAttempt(this.db, id, definition);
        // pg-boss retries (with its backoff) or records the failure, error text included.
        if (result.status === "retry" || result.status === "failed") throw new Error(result.error);
      },
    );
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true });
    this.started = null;
  }

  async enqueue(name: string, data: EnqueueData, options: EnqueueOptions = {}) {
    const row = await jobRunToStore(this.db, this.definitions, name, data, options);
    if (!row) return null;
    await this.start();
    const run = await insertJobRun(this.db, { id: randomUUID(), ...row });
    await this.boss.send(
      name,
      { jobRunId: run.id },
      {
        id: run.id,
        retryLimit: row.maxAttempts - 1,
        ...(options.delayMs ? { startAfter: Math.ceil(options.delayMs / 1000) } : {}),
      },
    );
    return run;
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    await this.start();
    await this.boss.schedule(name, cronFor(everyMs), {}, { tz: "UTC" });
  }

  async settled(): Promise<void> {
    const kinds = [...this.definitions.keys()];
    for (;;) {
      const open = await Promise.all(kinds.map((kind) => hasOpenJobRun(this.db, kind)));
      if (!open.some(Boolean)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
