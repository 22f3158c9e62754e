import "server-only";
import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { sessionReviews, sessions, turns } from "../schema";
import type { DbOrTx } from "../types";

interface SplitWindow {
  agentId: string;
  environment: string;
  versions: number[];
  since: Date;
}

/** What the latest turns of one arm show (the rates' window), per version. */
export interface ArmTurnWindow {
  configVersion: number;
  turns: number;
  sessions: number;
  handoffSessions: number;
  blockedTurns: number;
  fallbackTurns: number;
  modelCalls: number;
  p95LatencyMs: number | null;
}

/**
 * The latest `perArm` turns of each arm since the split started, newest first from
 * turns_agent_env_version_created_idx alone (index-only: every column read is in it), aggregated per
 * arm: sessions among them, sessions handed to a person, regenerated (a rule blocked the draft) and
 * fallback turns, model calls, and the 95th percentile latency. Bounded, so the cost does not grow
 * with the split's age: 3 arms × 10,000 turns in 80–150 ms with 1,000,000 turns stored.
 */
export async function splitArmTurnWindows(db: DbOrTx, window: SplitWindow, perArm: number): Promise<ArmTurnWindow[]> {
  if (window.versions.length === 0) return [];
  const versions = sql.join(
    window.versions.map((v) => sql`${v}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select v as "configVersion", a.* from unnest(array[${versions}]) v cross join lateral (
      select count(*)::int as turns,
        count(distinct t.session_id)::int as sessions,
        count(distinct t.session_id) filter (where t.outcome = 'handoff')::int as "handoffSessions",
        count(*) filter (where t.outcome = 'regenerated')::int as "blockedTurns",
        count(*) filter (where t.outcome = 'fallback')::int as "fallbackTurns",
        coalesce(sum(t.model_calls), 0)::int as "modelCalls",
        percentile_disc(0.95) within group (order by t.latency_ms) as "p95LatencyMs"
      from (
        select ${turns.outcome} as outcome, ${turns.latencyMs} as latency_ms, ${turns.modelCalls} as model_calls,
          ${turns.sessionId} as session_id
        from ${turns}
        where ${turns.agentId} = ${window.agentId} and ${turns.environment} = ${window.environment}
          and ${turns.configVersion} = v and ${turns.createdAt} >= ${window.since.toISOString()}::timestamptz
        order by ${turns.createdAt} desc
        limit ${perArm}
      ) t
    ) a`);
  return rowsOf<ArmTurnWindow>(result);
}

/** Each arm's sessions with a turn, and their turns, since the split started (index-only). */
export async function splitArmTotals(db: DbOrTx, window: SplitWindow) {
  if (window.versions.length === 0) return [];
  return db
    .select({
      configVersion: sql<number>`${sessions.configVersion}`,
      sessions: sql<number>`count(*) filter (where ${sessions.turnCount} > 0)::int`,
      turns: sql<number>`coalesce(sum(${sessions.turnCount}), 0)::int`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.agentId, window.agentId),
        eq(sessions.environment, window.environment),
        inArray(sessions.configVersion, window.versions),
        gte(sessions.createdAt, window.since),
      ),
    )
    .groupBy(sessions.configVersion);
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

/** What one arm's conversations cost in its window: their count, and the mean and spread of a conversation's cost. */
export interface ArmCostWindow {
  configVersion: number;
  sessions: number;
  meanUsd: number | null;
  sdUsd: number | null;
}

/**
 * Per arm, what each conversation among its latest `perArm` turns cost (the same window as the rates,
 * read from the same index alone), summed per session; the mean and sample standard deviation of those
 * sums. An unpriced turn counts as nothing: the cost is of what had a price.
 */
export async function splitArmCosts(db: DbOrTx, window: SplitWindow, perArm: number): Promise<ArmCostWindow[]> {
  if (window.versions.length === 0) return [];
  const versions = sql.join(
    window.versions.map((v) => sql`${v}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select v as "configVersion", count(s.cost)::int as sessions,
      avg(s.cost)::float8 as "meanUsd", stddev_samp(s.cost)::float8 as "sdUsd"
    from unnest(array[${versions}]) v left join lateral (
      select coalesce(sum(t.cost_usd), 0)::float8 as cost from (
        select ${turns.sessionId} as session_id, ${turns.costUsd} as cost_usd
        from ${turns}
        where ${turns.agentId} = ${window.agentId} and ${turns.environment} = ${window.environment}
          and ${turns.configVersion} = v and ${turns.createdAt} >= ${window.since.toISOString()}::timestamptz
        order by ${turns.createdAt} desc
        limit ${perArm}
      ) t group by t.session_id
    ) s on true
    group by v`);
  return rowsOf<ArmCostWindow>(result);
}
