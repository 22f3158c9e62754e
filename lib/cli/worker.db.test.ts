import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { startTestRunFromRequest } from "@/lib/conversation-tests/server/start-test-run-from-request";
import { getTestRunView } from "@/lib/conversation-tests/server/test-runs";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { startJobQueue, stopJobQueue } from "@/lib/server/jobs/process-queue";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createTestDatabase } from "@/test/support/test-database";

// `npm run worker` on PostgreSQL: a web side that only queues (FOCAL_WEB_RUNS_JOBS=false) and a worker
// process that runs the job. pg-boss needs a PostgreSQL server (DATABASE_URL).

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROOT = path.resolve(import.meta.dirname, "../..");

describe.skipIf(!onPostgres)("focal worker", () => {
  let handle: DatabaseHandle;
  let worker: ChildProcess | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
    await startJobQueue(handle, { work: false, pollingIntervalSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    worker?.kill("SIGKILL");
    await stopJobQueue();
    await handle?.close();
  });

  it("runs a test run the web side only queued, and stops on SIGTERM", async () => {
    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("demo missing");
    const run = await startTestRunFromRequest(
      handle.db,
      agent,
      { k: 1, mode: "frozen" },
      { actor: SYSTEM_ACTOR, requestId: "t" },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await getTestRunView(handle.db, run.test_run_id))?.status).toBe("queued");

    worker = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "lib/cli/worker.ts"],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: handle.url }, stdio: ["ignore", "pipe", "pipe"] },
    );
    const end = Date.now() + 90_000;
    let view = await getTestRunView(handle.db, run.test_run_id);
    while (view?.status !== "done" && view?.status !== "failed" && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      view = await getTestRunView(handle.db, run.test_run_id);
    }
    expect(view?.status).toBe("done");
    expect(view?.report?.passed).toBe(demo.tests.length);

    const exited = new Promise<number | null>((resolve) => worker?.once("exit", resolve));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 150_000);
});
