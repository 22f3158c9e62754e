import "server-only";
import type { AgentRow } from "@/db/schema";
import type { Database } from "@/db/types";
import { cancelJob, getJobView, JobCancelledError, type JobView, startJob } from "../jobs/background-jobs";
import { ReplayCancelledError, type ReplayRequest, replayAgentSessions } from "./replay-agent-sessions";

/** A replay as the API shows it: the job, with its report under `report`. */
export type ReplayRunView = Omit<JobView, "id" | "result"> & { replay_id: string; report: JobView["result"] };

function asReplay({ id, result, ...rest }: JobView): ReplayRunView {
  return { replay_id: id, report: result, ...rest };
}

/** Stores a replay and runs it in the background; `describe` is what is kept of the request. */
export async function startReplayRun(
  db: Database,
  agent: AgentRow,
  request: Omit<ReplayRequest, "signal" | "onProgress">,
  describe: Record<string, unknown>,
  createdBy: string,
): Promise<ReplayRunView> {
  const job = await startJob(
    db,
    { kind: "replay", agentId: agent.id, request: describe, createdBy },
    async ({ signal, onProgress }) => {
      try {
        const report = await replayAgentSessions(db, agent, { ...request, signal, onProgress });
        return {
          result: report as unknown as Record<string, unknown>,
          summary: report.counts as unknown as Record<string, unknown>,
        };
      } catch (error) {
        if (error instanceof ReplayCancelledError) throw new JobCancelledError();
        throw error;
      }
    },
  );
  return asReplay(job);
}

export async function getReplayRunView(db: Database, id: string): Promise<ReplayRunView | null> {
  const job = await getJobView(db, id, "replay");
  return job ? asReplay(job) : null;
}

export async function cancelReplayRun(db: Database, id: string): Promise<ReplayRunView> {
  return asReplay(await cancelJob(db, id, "replay"));
}
