import "server-only";
import { deleteIdempotencyOfSessions, deleteTurnBatch } from "@/db/queries/customer-deletion";
import { agentsWithSettings, deleteIdleSessions, idleSessionIds } from "@/db/queries/retention";
import type { Database } from "@/db/types";
import { RetentionSettings } from "@/lib/engine/contracts/agent-settings";
import { appendLedgerEventAlone } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { forgetInJobRuns } from "./forget-in-job-runs";

// Turns go in batches of 500, one transaction a batch (each turn with its spans, tapes and loops:
// foreign keys cascade in the same statement), as a customer deletion does. A run takes at most
// MAX_SESSIONS_PER_AGENT sessions of each agent, the longest idle first; the next run goes on.
const TURN_BATCH = 500;
const MAX_SESSIONS_PER_AGENT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  agents: {
    agent_id: string;
    sessions_days: number;
    sessions: number;
    turns: number;
    job_runs: number;
    more: boolean;
  }[];
  sessions: number;
  turns: number;
  job_runs: number;
  ledger_event_id: string | null;
}

/** An agent's retention in days, or null (kept forever; also when its stored settings do not parse). */
function retentionDays(settings: unknown): number | null {
  const section = (settings as { retention?: unknown } | null)?.retention;
  const parsed = RetentionSettings.config.safeParse(section ?? {});
  return parsed.success ? parsed.data.sessions_days : null;
}

/**
 * The `retention.apply` job: for each agent with `retention.sessions_days`, deletes its sessions last
 * active before the window, with their turns, spans, tapes, loops and stored API responses, and takes
 * them out of every stored replay and test run (forget-in-job-runs.ts), then
 * appends one RETENTION_APPLIED ledger event with the counts (ids and numbers, no customer text).
 * Idempotent: a second run finds nothing left to delete. Nothing is appended when no agent sets it.
 */
export async function applyRetention(db: Database, now = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { agents: [], sessions: 0, turns: 0, job_runs: 0, ledger_event_id: null };
  for (const agent of await agentsWithSettings(db)) {
    const days = retentionDays(agent.settings);
    if (days === null) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const sessionIds = await idleSessionIds(db, agent.id, cutoff, MAX_SESSIONS_PER_AGENT);
    const turnIds: string[] = [];
    for (;;) {
      const deleted = await db.transaction((tx) => deleteTurnBatch(tx, sessionIds, TURN_BATCH));
      turnIds.push(...deleted);
      if (deleted.length < TURN_BATCH) break;
    }
    const gone = await db.transaction(async (tx) => {
      const idle = await deleteIdleSessions(tx, sessionIds, cutoff);
      await deleteIdempotencyOfSessions(tx, idle);
      return idle;
    });
    // A session that came back to life kept its new turns; the expired ones it lost are forgotten too.
    const jobRuns = await forgetInJobRuns(db, { agentIds: [agent.id], sessionIds: gone, turnIds });
    const turns = turnIds.length;
    run.agents.push({
      agent_id: agent.id,
      sessions_days: days,
      sessions: gone.length,
      turns,
      job_runs: jobRuns,
      more: sessionIds.length === MAX_SESSIONS_PER_AGENT,
    });
    run.sessions += gone.length;
    run.turns += turns;
    run.job_runs += jobRuns;
  }
  if (run.agents.length > 0) {
    const event = await appendLedgerEventAlone(db, {
      type: "RETENTION_APPLIED",
      actor: SYSTEM_ACTOR,
      agentId: null,
      requestId: `retention-${now.toISOString()}`,
      payload: { agents: run.agents, sessions: run.sessions, turns: run.turns, job_runs: run.job_runs },
    });
    run.ledger_event_id = event.id;
  }
  return run;
}
