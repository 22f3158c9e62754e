import "server-only";
import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/server/errors";
import type { TesterJob, TesterResult } from "./tester-jobs";
import type { TesterReply } from "./tester-worker";

// The console's testers run designer-typed patterns and CEL over pasted text. RE2 makes every
// regex linear, but a test is still arbitrary work on the server: it runs in one reusable worker
// thread, so the event loop that answers requests never waits on it, and a test that outlives its
// time limit is stopped by terminating the worker (a fresh one starts for the next test).

interface Pending {
  id: number;
  job: TesterJob;
  timeoutMs: number;
  tooSlow: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

// Under `next build` Turbopack bundles the worker from `new Worker(new URL(…, import.meta.url))` into
// a .js chunk. Unbundled (vitest, the tsx scripts) the URL is the TypeScript source, which Node 20
// refuses (ERR_UNKNOWN_FILE_EXTENSION; `--import tsx` in a worker's execArgv does not cover its
// entry). Then, and only then, the pool switches to a two-line eval worker that registers tsx, the
// loader the scripts already use, and imports the entry. Turbopack rewrites import.meta.url to the
// source path too, so the file name cannot tell the two apart in advance.
const TSX_BOOTSTRAP = `import("tsx/esm/api").then((tsx) => {
  tsx.register();
  return import(require("node:worker_threads").workerData.entry);
});`;

class TesterPool {
  #worker: Worker | null = null;
  #ready = false;
  #queue: Pending[] = [];
  #running: { pending: Pending; timer: NodeJS.Timeout } | null = null;
  #nextId = 1;
  #throughTsx = false;

  run<J extends TesterJob>(job: J, timeoutMs: number, tooSlow: string): Promise<TesterResult<J>> {
    return new Promise((resolve, reject) => {
      this.#queue.push({
        id: this.#nextId++,
        job,
        timeoutMs,
        tooSlow,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.#pump();
    });
  }

  #spawn(): Worker {
    const worker = this.#throughTsx
      ? new Worker(TSX_BOOTSTRAP, {
          eval: true,
          workerData: { entry: import.meta.url.replace(/[^/]+$/, "tester-worker.ts") },
        })
      : new Worker(new URL("./tester-worker.ts", import.meta.url));
    // An idle tester worker must not keep a script or a test run alive.
    worker.unref();
    worker.on("message", (reply: TesterReply) => this.#onReply(worker, reply));
    worker.on("error", (error) => this.#onExit(worker, error));
    worker.on("exit", (code) => this.#onExit(worker, new Error(`tester worker exited with code ${code}`)));
    return worker;
  }

  #pump(): void {
    if (this.#running || this.#queue.length === 0) return;
    if (!this.#worker) {
      this.#ready = false;
      this.#worker = this.#spawn();
    }
    if (!this.#ready) return;
    const pending = this.#queue.shift();
    if (!pending) return;
    const worker = this.#worker;
    const timer = setTimeout(() => {
      this.#running = null;
      this.#worker = null;
      void worker.terminate();
      pending.reject(new AppError("VALIDATION", pending.tooSlow));
      this.#pump();
    }, pending.timeoutMs);
    this.#running = { pending, timer };
    worker.postMessage({ id: pending.id, job: pending.job });
  }

  #onReply(worker: Worker, reply: TesterReply): void {
    if (worker !== this.#worker) return;
    if ("ready" in reply) {
      this.#ready = true;
      this.#pump();
      return;
    }
    const running = this.#running;
    if (!running || running.pending.id !== reply.id) return;
    clearTimeout(running.timer);
    this.#running = null;
    if (reply.ok) running.pending.resolve(reply.result);
    else running.pending.reject(new Error(reply.message));
    this.#pump();
  }

  #onExit(worker: Worker, error: unknown): void {
    if (worker !== this.#worker) return;
    this.#worker = null;
    const running = this.#running;
    this.#running = null;
    if (running) {
      clearTimeout(running.timer);
      running.pending.reject(error);
    } else if (
      !this.#ready &&
      !this.#throughTsx &&
      (error as { code?: string }).code === "ERR_UNKNOWN_FILE_EXTENSION"
    ) {
      this.#throughTsx = true;
    } else if (!this.#ready) {
      // The worker died before it could start: fail what waits rather than respawn in a loop.
      for (const pending of this.#queue.splice(0)) pending.reject(error);
      return;
    }
    this.#pump();
  }
}

const pool = new TesterPool();

/**
 * Runs a tester job on the tester worker; after `timeoutMs` of running it is stopped and VALIDATION
 * with `tooSlow` (words for the designer) is thrown. Jobs run one at a time, in order.
 */
export function runTesterJobOffThread<J extends TesterJob>(
  job: J,
  timeoutMs: number,
  tooSlow: string,
): Promise<TesterResult<J>> {
  return pool.run(job, timeoutMs, tooSlow);
}
