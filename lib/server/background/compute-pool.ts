import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { hostPorts, hostPortsOverridden } from "@/lib/server/engine-ports/host-ports";
import { ComputeCancelledError, type ComputeTask } from "./compute-tasks";
import type { ComputeReply, ComputeRequest, ComputeWorkerData } from "./compute-worker";
import { liveTurnCounter } from "./live-turns";

// Replays, test runs and impact previews compute in a bounded pool of worker threads, so the event
// loop that answers turns and health checks only reads before and writes after. One task per worker
// at a time; more wait in order. Cancel terminates the task's worker (a fresh one starts when work
// waits), so it stops within milliseconds wherever the task is. Idle workers stay for the next task
// (loading the engine costs ~0.5 s) and never keep a process alive.

// The worker thread's program lists the features' tasks, so it belongs to the composition root
// (lib/boot/compute-worker.ts), which hands the pool a spawner for it (composeFocal).
// Under `next build` Turbopack bundles the worker from the spawner's `new Worker(new URL(…,
// import.meta.url))`. Unbundled (vitest, the tsx scripts) that URL is the TypeScript source, which
// Node refuses (ERR_UNKNOWN_FILE_EXTENSION): then the pool asks for a small eval worker that
// registers tsx and imports the entry (`tsxWorker`), as the tester pool does (lib/testers/server/tester-pool.ts).
const TSX_BOOTSTRAP = `import("tsx/esm/api").then((tsx) => {
  tsx.register();
  return import(require("node:worker_threads").workerData.entry);
});`;

/** Starts one compute worker thread: bundled, or through tsx when the pool found the source unbundled. */
export type SpawnComputeWorker = (workerData: ComputeWorkerData, throughTsx: boolean) => Worker;

/** The eval worker that registers tsx and imports `entry` (a file URL of the worker's program). */
export function tsxWorker(entry: string, workerData: ComputeWorkerData): Worker {
  return new Worker(TSX_BOOTSTRAP, { eval: true, workerData: { ...workerData, entry } });
}

declare global {
  // On globalThis: instrumentation and each route module are separate module graphs in Next.js.
  var __focalComputeSpawner: SpawnComputeWorker | undefined;
}

/** The composition root hands the pool its worker program, once per process. */
export function installComputeWorker(spawn: SpawnComputeWorker): void {
  globalThis.__focalComputeSpawner = spawn;
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  onProgress?: (done: number, total: number) => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

/** Workers in the pool: FOCAL_BACKGROUND_WORKERS, or the cores less one (at least one). */
function backgroundWorkerCount(): number {
  return env().FOCAL_BACKGROUND_WORKERS || Math.max(1, availableParallelism() - 1);
}

class ComputePool {
  #slots: Slot[] = [];
  #queue: Job[] = [];
  #nextId = 1;
  #throughTsx = false;

  run(kind: string, input: unknown, signal?: AbortSignal, onProgress?: Job["onProgress"]): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(new ComputeCancelledError());
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.#nextId++, kind, input, onProgress, resolve, reject };
      signal?.addEventListener("abort", () => this.#cancel(job), { once: true });
      this.#queue.push(job);
      this.#pump();
    });
  }

  #spawn(): Slot {
    const spawn = globalThis.__focalComputeSpawner;
    if (!spawn) throw new Error("no compute worker installed: composeFocal() (lib/boot/compose.ts) runs first");
    const worker = spawn({ live: liveTurnCounter() }, this.#throughTsx);
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null };
    worker.on("message", (reply: ComputeReply) => this.#onReply(slot, reply));
    worker.on("error", (error) => this.#onExit(slot, error));
    worker.on("exit", (code) => this.#onExit(slot, new Error(`background worker exited with code ${code}`)));
    return slot;
  }

  #pump(): void {
    for (;;) {
      const job = this.#queue[0];
      const slot = this.#slots.find((s) => s.ready && !s.job);
      if (!job || !slot) break;
      this.#queue.shift();
      slot.job = job;
      // A worker with a task keeps a script (the CLI's test run) alive until the report is in.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, kind: job.kind, input: job.input } satisfies ComputeRequest);
    }
    let starting = this.#slots.filter((s) => !s.ready).length;
    while (this.#queue.length > starting && this.#slots.length < backgroundWorkerCount()) {
      this.#slots.push(this.#spawn());
      starting++;
    }
  }

  #release(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    slot.worker.unref();
    return job;
  }

  #onReply(slot: Slot, reply: ComputeReply): void {
    if (!this.#slots.includes(slot)) return;
    if ("ready" in reply) {
      slot.ready = true;
      this.#pump();
      return;
    }
    if (slot.job?.id !== reply.id) return;
    if ("progress" in reply) {
      slot.job.onProgress?.(...reply.progress);
      return;
    }
    const job = this.#release(slot);
    if (reply.ok) job?.resolve(reply.result);
    else job?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    this.#pump();
  }

  #onExit(slot: Slot, error: unknown): void {
    if (!this.#slots.includes(slot)) return;
    this.#slots = this.#slots.filter((s) => s !== slot);
    const job = this.#release(slot);
    if (job) job.reject(error);
    else if (!slot.ready && (error as { code?: string }).code === "ERR_UNKNOWN_FILE_EXTENSION" && !this.#throughTsx) {
      this.#throughTsx = true;
    } else if (!slot.ready) {
      // The worker died before it could start: fail what waits rather than respawn in a loop.
      for (const waiting of this.#queue.splice(0)) waiting.reject(error);
      return;
    }
    this.#pump();
  }

  #cancel(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) this.#queue.splice(queued, 1);
    const slot = this.#slots.find((s) => s.job === job);
    if (slot) {
      this.#slots = this.#slots.filter((s) => s !== slot);
      slot.job = null;
      void slot.worker.terminate();
    }
    if (queued < 0 && !slot) return;
    job.reject(new ComputeCancelledError());
    this.#pump();
  }
}

declare global {
  var __focalComputePool: ComputePool | undefined;
}
const slot = globalThis;

/**
 * Runs a task (a replay, a suite) on `input` off the request thread; rejects with
 * ComputeCancelledError as soon as `signal` aborts. Where a test injected ports (a scripted model), it
 * runs here instead, yielding to the event loop between sessions and cases, since those ports cannot
 * cross into a worker.
 */
export function runInBackground<Input, Output>(
  task: ComputeTask<Input, Output>,
  input: Input,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<Output> {
  if (hostPortsOverridden()) {
    return task.run(input, {
      ports: hostPorts(),
      onProgress: options.onProgress ?? (() => undefined),
      signal: options.signal,
      yieldBetween: true,
    });
  }
  slot.__focalComputePool ??= new ComputePool();
  return slot.__focalComputePool.run(task.kind, input, options.signal, options.onProgress) as Promise<Output>;
}
