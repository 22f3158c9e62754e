import "server-only";
import { getAgentById } from "@/db/queries/agents";
import type { JobRunRow } from "@/db/types";
import type { ReplayMode } from "@/lib/engine/replay/replay-ports";
import { AppError } from "@/lib/server/errors";
import type { JobContext, JobDefinition, JobOutcome } from "@/lib/server/jobs/job-queue";
import { JobCancelledError } from "@/lib/server/jobs/run-job";
import {
  ReplayCancelledError,
  type ReplayRequest,
  type ReplayTarget,
  replayAgentSessions,
} from "./replay-agent-sessions";

/**
 * What a replay job stores to rebuild its work on any instance (a draft's snapshot included). A type,
 * not an interface: the job's jsonb payload takes a plain object.
 */
export type ReplayJobPayload = {
  target: ReplayTarget;
  mode: ReplayMode;
  includeSame?: boolean;
  sessions: { ids?: string[]; since?: string; maxSessions?: number; maxTurns?: number };
};

export function replayJobPayload(request: Omit<ReplayRequest, "signal" | "onProgress">): ReplayJobPayload {
  return {
    target: request.target,
    mode: request.mode,
    includeSame: request.includeSame,
    sessions: { ...request.sessions, since: request.sessions.since?.toISOString() },
  };
}

async function runReplayJob(job: JobRunRow, { db, signal, onProgress }: JobContext): Promise<JobOutcome> {
  const agent = job.agentId ? await getAgentById(db, job.agentId) : null;
  if (!agent) throw new AppError("NOT_FOUND", "The agent of this replay was deleted.");
  // Stored by startReplayRun (replay-runs.ts) from replayJobPayload (start-replay-from-request.ts), the only writer of a replay job's payload.
  const payload = job.payload as ReplayJobPayload | null;
  if (!payload) throw new AppError("VALIDATION", "This replay's request was not kept; start it again.");
  const { since, ...sessions } = payload.sessions;
  try {
    const report = await replayAgentSessions(db, agent, {
      ...payload,
      sessions: { ...sessions, since: since ? new Date(since) : undefined },
      signal,
      onProgress,
    });
    return {
      result: report,
      summary: report.counts,
      reads: {
        sessionIds: report.turns.map((turn) => turn.sessionId),
        turnIds: report.turns.map((turn) => turn.turnId),
      },
    };
  } catch (error) {
    if (error instanceof ReplayCancelledError) throw new JobCancelledError();
    throw error;
  }
}

export const REPLAY_JOB: JobDefinition = { handler: runReplayJob, maxAttempts: 2, retryDelayMs: 5_000 };
