import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { rowsOf } from "@/db/raw-rows";
import { jobRuns, signInThrottles } from "@/db/schema";
import { PERIODIC_JOB_NAMES } from "@/lib/jobs/job-contracts";
import { startJobQueue, stopJobQueue } from "@/lib/server/jobs/process-queue";
import { createTestDatabase } from "@/test/support/test-database";
import { PERIODIC_JOBS } from "./focal-jobs";

// What boot starts: pg-boss on PostgreSQL (with the periodic jobs as its cron schedules), the
// in-process runner on PGlite; either way the boot's dashboard rollup runs and is recorded.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await stopJobQueue();
  await handle?.close();
});

describe("startJobQueue", () => {
  it("picks the queue by database, schedules the periodic jobs and runs the boot rollup", async () => {
    const queue = await startJobQueue(handle, { pollingIntervalSeconds: 0.5 });
    expect(queue.backend).toBe(handle.dialect === "postgres" ? "pg-boss" : "in-process");
    const end = Date.now() + 20_000;
    let rows = await handle.db.select().from(jobRuns).where(eq(jobRuns.kind, "dashboard.rollup"));
    while (!rows.some((r) => r.status === "done") && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await handle.db.select().from(jobRuns).where(eq(jobRuns.kind, "dashboard.rollup"));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "done", attempts: 1, agentId: null, createdBy: "system" });
    if (handle.dialect === "postgres") {
      const schedules = rowsOf<{ name: string; cron: string }>(
        await handle.db.execute(sql`select name, cron from pgboss.schedule order by name`),
      );
      expect(schedules.map((s) => s.name)).toEqual([...PERIODIC_JOB_NAMES].sort());
      expect(schedules.find((s) => s.name === "dashboard.rollup")?.cron).toBe("*/10 * * * *");
    }
    await stopJobQueue();
  }, 40_000);
});

describe("throttles.prune", () => {
  it("deletes the rate-limit windows past their expiry and keeps the live ones", async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await handle.db.insert(signInThrottles).values([
      { key: "widget-turn-session:gone", count: 3, expiresAt: past },
      { key: "sign-in-address:gone", count: 1, expiresAt: past },
      { key: "widget-turn-session:live", count: 2, expiresAt: future },
    ]);
    expect(await PERIODIC_JOBS["throttles.prune"](handle.db)).toEqual({ pruned: 2 });
    const left = await handle.db.select({ key: signInThrottles.key }).from(signInThrottles);
    expect(left.map((row) => row.key)).toEqual(["widget-turn-session:live"]);
  });
});
