import "server-only";
import {
  finishReplayRun,
  getReplayRun,
  insertReplayRun,
  requestReplayCancel,
  updateReplayProgress,
} from "@/db/queries/replay-runs";
import type { AgentRow, ReplayRunRow } from "@/db/schema";
import type { Database } from "@/db/types";
import { AppError } from "../errors";
import { loggableError } from "../loggable-error";
import { ReplayCancelledError, type ReplayRequest, replayAgentSessions } from "./replay-agent-sessions";

// Replays are CPU-bound pure code: one at a time per instance (2 cores also serve turns), the rest
// wait in order. A run that stops reporting progress for this long is taken for lost: the instance
// that ran it went away.
const LOST_AFTER_MS = 120_000;
const PROGRESS_EVERY_MS = 500;

let chain: Promise<unknown> = Promise.resolve();

export type ReplayRunStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface ReplayRunView {
  replay_id: string;
  status: ReplayRunStatus;
  mode: string;
  request: Record<string, unknown>;
  progress: { done: number; total: number };
  report: Record<string, unknown> | null;
  error: string | null;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

export function replayRunView(run: ReplayRunRow, now = new Date()): ReplayRunView {
  const lost =
    (run.status === "queued" || run.status === "running") && now.getTime() - run.updatedAt.getTime() > LOST_AFTER_MS;
  return {
    replay_id: run.id,
    status: lost ? "failed" : (run.status as ReplayRunStatus),
    mode: run.mode,
    request: run.request,
    progress: { done: run.done, total: run.total },
    report: run.report ?? null,
    error: lost ? "The server running this replay stopped before it finished; start it again." : run.error,
    created_by: run.createdBy,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a replay run and starts it in the background on this instance; the caller answers with the
 * id at once and anyone polls `getReplayRunView`. `describe` is what is stored of the request (a
 * draft bundle is not kept).
 */
export async function startReplayRun(
  db: Database,
  agent: AgentRow,
  request: Omit<ReplayRequest, "signal" | "onProgress">,
  describe: Record<string, unknown>,
  createdBy: string,
): Promise<ReplayRunView> {
  const run = await insertReplayRun(db, { agentId: agent.id, mode: request.mode, request: describe, createdBy });
  chain = chain.then(() => execute(db, agent, run.id, request)).catch(() => undefined);
  return replayRunView(run);
}

async function execute(
  db: Database,
  agent: AgentRow,
  id: string,
  request: Omit<ReplayRequest, "signal" | "onProgress">,
) {
  const abort = new AbortController();
  let last = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    const queued = await getReplayRun(db, id);
    if (!queued || queued.cancelRequested) throw new ReplayCancelledError();
    const report = await replayAgentSessions(db, agent, {
      ...request,
      signal: abort.signal,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && done < total) return;
        last = now;
        pending = pending.then(async () => {
          if (await updateReplayProgress(db, id, done, total)) abort.abort();
        });
      },
    });
    await pending;
    await finishReplayRun(db, id, { status: "done", report: report as unknown as Record<string, unknown> });
  } catch (error) {
    await pending.catch(() => undefined);
    if (error instanceof ReplayCancelledError) return finishReplayRun(db, id, { status: "cancelled" });
    const message = error instanceof AppError ? error.message : "The replay failed; see the server log.";
    if (!(error instanceof AppError)) console.error(`[replay ${id}]`, loggableError(error));
    await finishReplayRun(db, id, { status: "failed", error: message });
  }
}

export async function getReplayRunView(db: Database, id: string): Promise<ReplayRunView | null> {
  const run = await getReplayRun(db, id);
  return run ? replayRunView(run) : null;
}

export async function cancelReplayRun(db: Database, id: string): Promise<ReplayRunView> {
  const run = await getReplayRun(db, id);
  if (!run) throw new AppError("NOT_FOUND", `No replay with id ${id}.`);
  await requestReplayCancel(db, id);
  return replayRunView((await getReplayRun(db, id)) ?? run);
}

/** Tests wait for the background runs they started. */
export function replayRunsSettled(): Promise<unknown> {
  return chain;
}
