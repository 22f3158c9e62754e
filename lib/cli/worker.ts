import { runWithReactServerCondition } from "./react-server-condition";

// `npm run worker`: a Focal worker process on PostgreSQL. It runs the pg-boss job workers (replays,
// test runs, rollups, retention, ledger anchors) and no web server, so web instances started with
// FOCAL_WEB_RUNS_JOBS=false only answer requests and queue jobs. Any number may run; pg-boss hands
// each job to one of them. The CPU-heavy part of each job runs on this process's worker threads
// (lib/server/background/). SIGINT or SIGTERM stops it after the running attempts end.
// It runs under Node's "react-server" condition (react-server-condition.ts says why).
async function main(): Promise<number> {
  const [{ openDatabase }, { env }, { composeFocal }, { startJobQueue, stopJobQueue }] = await Promise.all([
    import("@/db/client"),
    import("@/lib/env"),
    import("@/lib/boot/compose"),
    import("@/lib/server/jobs/process-queue"),
  ]);
  const settings = env();
  if (!settings.DATABASE_URL) {
    console.error("focal worker runs jobs on PostgreSQL: set DATABASE_URL. On PGlite the web process runs them.");
    return 2;
  }
  composeFocal();
  const handle = await openDatabase({ url: settings.DATABASE_URL, dataDir: settings.FOCAL_DATA_DIR });
  const queue = await startJobQueue(handle, { work: true });
  console.log(`focal worker: running ${queue.backend} jobs (pid ${process.pid})`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await stopJobQueue();
  await handle.close();
  return 0;
}

runWithReactServerCondition(main);
