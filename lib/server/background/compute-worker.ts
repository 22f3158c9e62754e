import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { EnginePorts } from "@/lib/engine/ports";
import { portsFromEnv } from "@/lib/server/engine-ports/env-ports";
import type { ComputeTaskList } from "./compute-tasks";
import { yieldingToLiveTurns } from "./yield-to-live-turns";

// What a background worker thread does (its program, lib/boot/compute-worker.ts, hands it the tasks;
// compute-pool.ts starts it): one task at a time, found by its kind, progress after each case or
// session, then the report. It says "ready" once its modules have loaded. A cancelled task is not
// told: the pool terminates the thread.

/** What the pool hands a worker at start: the process's live-turn counter (live-turns.ts). */
export type ComputeWorkerData = { live?: Int32Array; entry?: string };
export type ComputeRequest = { id: number; kind: string; input: unknown };
export type ComputeReply =
  | { ready: true }
  | { id: number; progress: [done: number, total: number] }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; name: string; message: string };

// Background work yields the core to live turns: on Linux a nice value belongs to one thread, and
// pid 0 names the calling one, so this lowers this worker alone. At 10 the scheduler gives the
// request thread about 9 times the worker's share of a contended core, without starving the worker
// when other processes load the machine (19 would give it 1/70). Where the platform refuses, the
// worker runs at normal priority.
const BACKGROUND_NICE = 10;

/** Serves the pool's requests on this worker thread; does nothing on the main thread. */
export function serveComputeTasks(tasks: ComputeTaskList): void {
  const port = parentPort;
  if (!port) return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // Not permitted here: the pool's bound (cores less one) still leaves a core to the request thread.
  }
  let ports: EnginePorts | null = null;
  port.on("message", async ({ id, kind, input }: ComputeRequest) => {
    ports ??= yieldingToLiveTurns(portsFromEnv(), (workerData as ComputeWorkerData | null)?.live);
    let reply: ComputeReply;
    try {
      const task = tasks.find((t) => t.kind === kind);
      if (!task) throw new Error(`no background task "${kind}"`);
      const result = await task.run(input, {
        ports,
        onProgress: (done, total) => port.postMessage({ id, progress: [done, total] } satisfies ComputeReply),
      });
      reply = { id, ok: true, result };
    } catch (error) {
      const named = error instanceof Error ? error : new Error(String(error));
      reply = { id, ok: false, name: named.name, message: named.message };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies ComputeReply);
}
