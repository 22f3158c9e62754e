// The frame of the HTTP checks `npm test` runs as scripts (the kill test, the database fault test): a
// timestamped log, a deadline, signals that stop cleanly, and an exit that always stops what the check
// started (instances killed, databases dropped) within a bounded time, so a hung check never outlives CI.

export interface BoundedCheck {
  log: (line: string) => void;
  /** Registers what stops the check's servers and databases. */
  onStop: (stop: () => Promise<void>) => void;
  /** Runs the check: its problems print as FAIL lines and exit 1, none exits 0. */
  run: (check: () => Promise<string[]>) => void;
}

export function boundedCheck(name: string, opts: { timeoutS: number; stopBudgetMs: number }): BoundedCheck {
  const t0 = Date.now();
  const log = (line: string) => console.log(`[${name} ${((Date.now() - t0) / 1000).toFixed(1)}s] ${line}`);
  let stop: (() => Promise<void>) | null = null;
  let exiting: Promise<never> | null = null;

  // A second call (a failure during the first) waits for the first.
  const cleanUpAndExit = (code: number): Promise<never> => {
    exiting ??= (async () => {
      const stoppedAt = Date.now();
      await Promise.race([stop?.(), new Promise((resolve) => setTimeout(resolve, opts.stopBudgetMs))]);
      log(`stopped in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
      process.exit(code);
    })();
    return exiting;
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      void cleanUpAndExit(1);
    });
  }
  setTimeout(() => {
    log(`FAIL: not done after ${opts.timeoutS} s`);
    void cleanUpAndExit(1);
  }, opts.timeoutS * 1000).unref();

  return {
    log,
    onStop: (s) => {
      stop = s;
    },
    run: (check) => {
      check()
        .then(async (problems) => {
          for (const p of problems) log(`FAIL: ${p}`);
          if (problems.length === 0) log("ok");
          await cleanUpAndExit(problems.length > 0 ? 1 : 0);
        })
        .catch(async (error) => {
          log(`FAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          await cleanUpAndExit(1);
        });
    },
  };
}
