import "server-only";
import { getJobRun, requestJobCancel } from "@/db/queries/job-runs";
import type { AgentRow, Database, JobRunRow } from "@/db/types";
import { reachesAgentId } from "../access/agent-access";
import { startWithinRunLimits } from "../background/run-limits";
import { AppError } from "../errors";
import type { Actor } from "../ledger/event-types";
import type { EnqueueData } from "./job-queue";
import { backgroundJobsSettled, jobQueueFor } from "./process-queue";
import { abortLocalJob, LOST_AFTER_MS } from "./run-job";

// Replays and test runs as the API shows them: a job on the queue (job-queue.ts), its status,
// progress and result read from job_runs by any instance.

export { backgroundJobsSettled };

export type JobKind = "replay" | "test_run";
type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface JobView {
  id: string;
  status: JobStatus;
  request: Record<string, unknown>;
  progress: { done: number; total: number };
  config_version: number | null;
  summary: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error: string | null;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

type JobRowLike = Pick<
  JobRunRow,
  | "id"
  | "status"
  | "request"
  | "done"
  | "total"
  | "configVersion"
  | "summary"
  | "error"
  | "createdBy"
  | "createdAt"
  | "updatedAt"
  | "finishedAt"
  | "attempts"
  | "maxAttempts"
> & { result?: JobRunRow["result"] };

/**
 * The API's view of a job (never its payload). A running job its instance stopped touching is
 * queued again when an attempt is left (the queue runs it again), failed otherwise.
 */
export function jobView(run: JobRowLike, now = new Date()): JobView {
  const lost = run.status === "running" && now.getTime() - run.updatedAt.getTime() > LOST_AFTER_MS;
  const retried = lost && run.attempts < run.maxAttempts;
  return {
    id: run.id,
    status: lost ? (retried ? "queued" : "failed") : (run.status as JobStatus),
    request: run.request,
    progress: { done: run.done, total: run.total },
    config_version: run.configVersion,
    summary: run.summary ?? null,
    result: run.result ?? null,
    error: lost && !retried ? "The server running this job stopped before it finished; start it again." : run.error,
    created_by: run.createdBy,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a job and queues it; the caller answers with the job at once and anyone polls it.
 * `request` is what the API shows; `payload` what the handler rebuilds the work from (a draft).
 */
async function startJob(db: Database, kind: JobKind, job: EnqueueData): Promise<JobView> {
  const run = await jobQueueFor(db).enqueue(kind, job);
  if (!run) throw new Error(`the ${kind} job was not queued`);
  return jobView(run);
}

/** A replay or test run, unless its agent is out of the request's grant (then it is as if unknown). */
async function reachableRun(db: Database, id: string, kind: JobKind): Promise<JobRunRow | null> {
  const run = await getJobRun(db, id, kind);
  return run && reachesAgentId(run.agentId) ? run : null;
}

async function getJobView(db: Database, id: string, kind: JobKind): Promise<JobView | null> {
  const run = await reachableRun(db, id, kind);
  return run ? jobView(run) : null;
}

async function cancelJob(db: Database, id: string, kind: JobKind): Promise<JobView> {
  const run = await reachableRun(db, id, kind);
  if (!run) throw new AppError("NOT_FOUND", `No such ${kind === "replay" ? "replay" : "test run"}: ${id}.`);
  await requestJobCancel(db, id);
  abortLocalJob(id);
  return jobView((await getJobRun(db, id, kind)) ?? run);
}

/** A run as its feature's API shows it: the job, its id under the run's own name, its result under `report`. */
export type RunView<IdKey extends string, Report> = Omit<JobView, "id" | "result"> &
  Record<IdKey, string> & { report: Report | null };

/**
 * Start, read and cancel one kind of run, each answered as its view. The kind's handler reads a `Payload`
 * and stores a `Report`; nothing else writes either.
 */
export function runsOfKind<IdKey extends string, Report, Payload extends Record<string, unknown>>(
  kind: JobKind,
  idKey: IdKey,
) {
  const asView = ({ id, result, ...rest }: JobView) =>
    // The kind's handler stored its Report as the job's result.
    ({ [idKey]: id, report: result as Report | null, ...rest }) as RunView<IdKey, Report>;
  return {
    asView,
    /**
     * Queues a run of `agent` for `actor`, unless either has too many open (429, run-limits.ts): `request`
     * is what the API shows, `payload` what the handler rebuilds the work from (a draft's snapshot included).
     */
    start: (db: Database, agent: AgentRow, actor: Actor, job: RunJob<Payload>) =>
      startWithinRunLimits(db, agent, actor, async () =>
        asView(await startJob(db, kind, { agentId: agent.id, createdBy: actor.name, ...job })),
      ),
    get: async (db: Database, id: string) => {
      const job = await getJobView(db, id, kind);
      return job ? asView(job) : null;
    },
    cancel: async (db: Database, id: string) => asView(await cancelJob(db, id, kind)),
  };
}

interface RunJob<Payload> {
  request: Record<string, unknown>;
  payload: Payload;
  /** The saved configuration the run works on; absent for a draft. */
  configVersion?: number;
}
