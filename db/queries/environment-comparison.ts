import "server-only";
import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { sessionReviews, sessions, turns } from "../schema";
import type { DbOrTx } from "../types";

export interface ArmTurnCounts {
  configVersion: number;
  turns: number;
  sessions: number;
  handoffSessions: number;
  blockedTurns: number;
  fallbackTurns: number;
  modelCalls: number;
  p95LatencyMs: number | null;
}

interface SplitWindow {
  agentId: string;
  environment: string;
  versions: number[];
  since: Date;
}

/**
 * One pass over the arms' turns since the split started, from turns_agent_env_version_created_idx:
 * turns, sessions with a turn, sessions handed to a person, turns regenerated or blocked by a rule,
 * fallbacks, model calls and the 95th percentile latency, per version.
 */
export async function splitArmTurnCounts(db: DbOrTx, window: SplitWindow): Promise<ArmTurnCounts[]> {
  if (window.versions.length === 0) return [];
  return db
    .select({
      configVersion: turns.configVersion,
      turns: sql<number>`count(*)::int`,
      sessions: sql<number>`count(distinct ${turns.sessionId})::int`,
      handoffSessions: sql<number>`count(distinct ${turns.sessionId}) filter (where ${turns.outcome} = 'handoff')::int`,
      blockedTurns: sql<number>`count(*) filter (where ${turns.outcome} = 'regenerated' or ${turns.violatedRuleIds} <> '[]'::jsonb)::int`,
      fallbackTurns: sql<number>`count(*) filter (where ${turns.outcome} = 'fallback')::int`,
      modelCalls: sql<number>`coalesce(sum(${turns.modelCalls}), 0)::int`,
      p95LatencyMs: sql<number | null>`percentile_disc(0.95) within group (order by ${turns.latencyMs})`,
    })
    .from(turns)
    .where(
      and(
        eq(turns.agentId, window.agentId),
        eq(turns.environment, window.environment),
        inArray(turns.configVersion, window.versions),
        gte(turns.createdAt, window.since),
      ),
    )
    .groupBy(turns.configVersion);
}

/** Reviewed sessions of each arm since the split started, and how many were resolved (docs/reviews.md). */
export async function splitArmResolutions(db: DbOrTx, window: SplitWindow) {
  if (window.versions.length === 0) return [];
  return db
    .select({
      configVersion: sql<number>`${sessions.configVersion}`,
      reviewed: sql<number>`count(*)::int`,
      resolved: sql<number>`count(*) filter (where ${sessionReviews.resolved})::int`,
    })
    .from(sessionReviews)
    .innerJoin(sessions, eq(sessions.id, sessionReviews.sessionId))
    .where(
      and(
        eq(sessionReviews.agentId, window.agentId),
        eq(sessionReviews.state, "reviewed"),
        isNotNull(sessionReviews.resolved),
        eq(sessions.agentId, window.agentId),
        eq(sessions.environment, window.environment),
        inArray(sessions.configVersion, window.versions),
        gte(sessions.createdAt, window.since),
      ),
    )
    .groupBy(sessions.configVersion);
}
