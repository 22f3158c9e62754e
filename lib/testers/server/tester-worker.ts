import { parentPort } from "node:worker_threads";
import { runTesterJob, type TesterJob } from "./tester-jobs";

// The tester worker's program (tester-pool.ts starts it). It says "ready" once its modules have
// loaded, so the pool's time limit covers the test, not the worker's start.

export type TesterRequest = { id: number; job: TesterJob };
export type TesterReply =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (port) {
  port.on("message", ({ id, job }: TesterRequest) => {
    let reply: TesterReply;
    try {
      reply = { id, ok: true, result: runTesterJob(job) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies TesterReply);
}
