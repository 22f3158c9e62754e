import "server-only";
import type { AgentRow, Database } from "@/db/types";
import { cancelJob, getJobView, type JobView, startJob } from "@/lib/server/jobs/background-jobs";
import type { ReplayRequest } from "./replay-agent-sessions";
import { replayJobPayload } from "./replay-job";
import type { ReplayReport } from "./replay-report";

/** A replay as the API shows it: the job, with its report under `report`. */
export type ReplayRunView = Omit<JobView, "id" | "result"> & { replay_id: string; report: ReplayReport | null };

function asReplay({ id, result, ...rest }: JobView): ReplayRunView {
  // A replay job's result is the ReplayReport replay-job.ts stored.
  return { replay_id: id, report: result as ReplayReport | null, ...rest };
}

/**
 * Queues a replay; `describe` is what the API shows of the request, the request itself (a draft's
 * snapshot included) is the job's payload, from which any instance rebuilds the work.
 */
export async function startReplayRun(
  db: Database,
  agent: AgentRow,
  request: Omit<ReplayRequest, "signal" | "onProgress">,
  describe: Record<string, unknown>,
  createdBy: string,
): Promise<ReplayRunView> {
  const job = await startJob(db, "replay", {
    agentId: agent.id,
    request: describe,
    payload: replayJobPayload(request),
    createdBy,
  });
  return asReplay(job);
}

export async function getReplayRunView(db: Database, id: string): Promise<ReplayRunView | null> {
  const job = await getJobView(db, id, "replay");
  return job ? asReplay(job) : null;
}

export async function cancelReplayRun(db: Database, id: string): Promise<ReplayRunView> {
  return asReplay(await cancelJob(db, id, "replay"));
}
