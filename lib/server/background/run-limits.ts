import "server-only";
import { countOpenJobRuns } from "@/db/queries/job-runs";
import type { AgentRow, Database } from "@/db/types";
import { env } from "@/lib/env";
import { RateLimitedError } from "../errors";
import type { Actor } from "../ledger/event-types";

// Replays, test runs and impact previews are the heavy requests: each holds a background worker for
// seconds to minutes. So that one caller cannot queue the pool full, each API key or operator may have
// FOCAL_RUNS_PER_PRINCIPAL of them open at once (default 2) and each agent FOCAL_RUNS_PER_AGENT
// (default 4); one more is 429 with Retry-After. Queued and running jobs are counted in job_runs (every
// instance sees them); impact previews, which stream and store nothing, are counted in this process.

const RUN_JOB_KINDS = ["replay", "test_run"];
// A replay or a test run of the demo's size takes a few seconds; a retry sooner would meet the same limit.
const RETRY_AFTER_SECONDS = 10;

const previews = { byCreator: new Map<string, number>(), onAgent: new Map<string, number>() };
// Check and start happen under one lock in this process, so two requests at once cannot both pass.
let admission: Promise<unknown> = Promise.resolve();

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

async function refuseOverLimit(db: Database, agent: AgentRow, actor: Actor): Promise<void> {
  const { FOCAL_RUNS_PER_PRINCIPAL: perPrincipal, FOCAL_RUNS_PER_AGENT: perAgent } = env();
  const open = await countOpenJobRuns(db, RUN_JOB_KINDS, { createdBy: actor.name, agentId: agent.id });
  const mine = open.byCreator + (previews.byCreator.get(actor.name) ?? 0);
  const agents = open.onAgent + (previews.onAgent.get(agent.id) ?? 0);
  if (mine >= perPrincipal) {
    throw new RateLimitedError(
      `You already have ${mine} replays, test runs or impact previews running (at most ${perPrincipal} per API key or user). Wait for one to finish or cancel it, then try again in ${RETRY_AFTER_SECONDS} s.`,
      RETRY_AFTER_SECONDS,
    );
  }
  if (agents >= perAgent) {
    throw new RateLimitedError(
      `Agent "${agent.key}" already has ${agents} replays, test runs or impact previews running (at most ${perAgent} per agent). Try again in ${RETRY_AFTER_SECONDS} s.`,
      RETRY_AFTER_SECONDS,
    );
  }
}

function underLock<T>(work: () => Promise<T>): Promise<T> {
  const result = admission.then(work);
  admission = result.catch(() => undefined);
  return result;
}

/** Starts a replay or test run (queues its job) unless the caller or the agent is at its limit (429). */
export function startWithinRunLimits<T>(
  db: Database,
  agent: AgentRow,
  actor: Actor,
  start: () => Promise<T>,
): Promise<T> {
  return underLock(async () => {
    await refuseOverLimit(db, agent, actor);
    return start();
  });
}

/**
 * Takes an impact-preview slot for the caller and the agent unless either is at its limit (429);
 * the returned function gives it back (once, when the preview ends or is abandoned).
 */
export function takePreviewSlot(db: Database, agent: AgentRow, actor: Actor): Promise<() => void> {
  return underLock(async () => {
    await refuseOverLimit(db, agent, actor);
    bump(previews.byCreator, actor.name, 1);
    bump(previews.onAgent, agent.id, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bump(previews.byCreator, actor.name, -1);
      bump(previews.onAgent, agent.id, -1);
    };
  });
}
