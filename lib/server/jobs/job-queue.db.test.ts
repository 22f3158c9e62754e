import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getJobRun } from "@/db/queries/job-runs";
import { jobRuns } from "@/db/schema";
import { createTestDatabase } from "@/test/support/test-database";
import { jobView } from "./background-jobs";
import { InProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./job-queue";
import { PgBossQueue } from "./pg-boss-queue";
import { JobFailure } from "./run-job";

// The queue's contract, on both implementations: a queued job runs once, a failing one is retried with
// backoff then shown failed with its error, a scheduled one runs. pg-boss needs a PostgreSQL server
// (DATABASE_URL); on the embedded PGlite only the in-process runner is tested.

const onPostgres = Boolean(process.env.DATABASE_URL);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function contract(label: string, make: () => JobQueue, skip: boolean) {
  describe.skipIf(skip)(label, () => {
    let queue: JobQueue;
    const runs: string[] = [];
    let failures = 0;
    let ticks = 0;
    beforeAll(async () => {
      queue = make();
      queue.registerHandler("test.echo", {
        handler: async (job, ctx) => {
          runs.push(job.id);
          ctx.onProgress(1, 1);
          return { result: { echoed: job.request.word, secret: job.payload?.secret }, summary: { ok: true } };
        },
      });
      queue.registerHandler("test.flaky", {
        maxAttempts: 3,
        retryDelayMs: 200,
        handler: async () => {
          failures++;
          throw new JobFailure(`attempt ${failures} failed`);
        },
      });
      queue.registerHandler("test.tick", {
        handler: async () => {
          ticks++;
          return { result: { ticks } };
        },
      });
      await queue.start();
    }, 60_000);
    afterAll(async () => {
      await queue?.stop();
    });

    it("runs a queued job once, keeping its payload out of sight after it ends", async () => {
      const run = await queue.enqueue("test.echo", {
        request: { word: "hello" },
        payload: { secret: "draft" },
        createdBy: "test",
      });
      expect(run?.status).toBe("queued");
      const id = run?.id ?? "";
      const done = await until(
        () => getJobRun(handle.db, id, "test.echo"),
        (r) => r?.status === "done",
      );
      expect(done).toMatchObject({ status: "done", attempts: 1, result: { echoed: "hello", secret: "draft" } });
      expect(done?.payload).toBeNull();
      expect(done?.startedAt).toBeInstanceOf(Date);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs.filter((r) => r === id)).toHaveLength(1);
    }, 30_000);

    it("retries a failing job with backoff, then shows it failed with its error and attempts", async () => {
      const run = await queue.enqueue("test.flaky", { request: {}, createdBy: "test" });
      const id = run?.id ?? "";
      const failed = await until(
        () => getJobRun(handle.db, id, "test.flaky"),
        (r) => r?.status === "failed",
        45_000,
      );
      expect(failed).toMatchObject({ status: "failed", attempts: 3, maxAttempts: 3, error: "attempt 3 failed" });
      expect(failures).toBe(3);
    }, 60_000);

    it("runs a scheduled job", async () => {
      // pg-boss: every minute as cron, sent on the scheduler's first look; in process: every second.
      await queue.schedule("test.tick", 1000);
      expect(
        await until(
          async () => ticks,
          (n) => n >= 1,
          30_000,
        ),
      ).toBeGreaterThanOrEqual(1);
      const rows = await until(
        () => handle.db.select().from(jobRuns).where(eq(jobRuns.kind, "test.tick")),
        (r) => r.some((row) => row.status === "done" && row.result?.ticks === 1),
      );
      expect(rows.some((row) => row.status === "done" && row.result?.ticks === 1)).toBe(true);
    }, 45_000);
  });
}

contract(
  "pg-boss queue (PostgreSQL)",
  () => new PgBossQueue(handle.db, handle.url ?? "", { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 }),
  !onPostgres,
);
contract("in-process queue", () => new InProcessQueue(handle.db), false);

describe("a job whose instance died", () => {
  it("is shown queued while an attempt is left, then run again by the next runner", async () => {
    const stale = new Date(Date.now() - 10 * 60_000);
    const [row] = await handle.db
      .insert(jobRuns)
      .values({
        kind: "test.revive",
        request: {},
        createdBy: "test",
        status: "running",
        attempts: 1,
        maxAttempts: 2,
        startedAt: stale,
        updatedAt: stale,
      })
      .returning();
    const id = row?.id ?? "";
    const lost = await getJobRun(handle.db, id, "test.revive");
    expect(lost && jobView(lost)).toMatchObject({ status: "queued", error: null });
    const queue = new InProcessQueue(handle.db);
    queue.registerHandler("test.revive", { handler: async () => ({ result: { revived: true } }) });
    await queue.start();
    const done = await until(
      () => getJobRun(handle.db, id, "test.revive"),
      (r) => r?.status === "done",
    );
    await queue.stop();
    expect(done).toMatchObject({ status: "done", attempts: 2, result: { revived: true } });
  });
});
