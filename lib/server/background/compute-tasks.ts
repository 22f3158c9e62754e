import type { EnginePorts } from "@/lib/engine/ports";

// A kind of background work (a replay, a test suite): plain data in (snapshots, cases, sessions with
// their tapes), so that it can cross into a background worker thread (structured clone), and its
// report back. The request thread reads the database before and writes after; a task does no I/O but
// the ports' own (a live run's model and tools). Each feature defines its own task, without a
// server-only import (the compute worker runs it); the composition root lists them for the worker
// thread (lib/boot/compute-tasks.ts). No server-only import here either.

export class ComputeCancelledError extends Error {
  constructor() {
    super("the background work was cancelled");
  }
}

interface ComputeOptions {
  ports: EnginePorts;
  /** Told after each case or session. */
  onProgress: (done: number, total: number) => void;
  /** Only when the task runs on the request thread (a worker is terminated instead). */
  signal?: AbortSignal;
  /** On the request thread (tests with injected ports): give the event loop a turn after each session (a suite does after each case). */
  yieldBetween?: boolean;
}

/** One kind of background work: its name (the worker thread finds it by that) and how it runs. */
export interface ComputeTask<Input, Output> {
  kind: string;
  run(input: Input, options: ComputeOptions): Promise<Output>;
}

/** The tasks a worker thread can run, looked up by kind. */
// biome-ignore lint/suspicious/noExplicitAny: each task's input is its own; the worker hands on what it was sent.
export type ComputeTaskList = readonly ComputeTask<any, unknown>[];
