import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import type { DbOrTx } from "../types";

export type UsageGrouping = "day" | "version" | "environment";

export interface UsageSums {
  key: string;
  turns: number;
  conversations: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  unpricedTurns: number;
  reviewedConversations: number;
  resolvedConversations: number;
  reviewedCostUsd: number;
}

/** Whole UTC hours [from, to) read from the rollup instead of turns. */
export interface RolledRange {
  from: Date;
  to: Date;
}

// Keys of partial rows (a conversation's turns of one UTC hour, config version and environment, the
// sum usage-rollups.ts writes to usage_hourly) and of usage_hour_sums rows, which have the same columns.
const GROUP_KEYS = {
  day: sql<string>`to_char(p.hour at time zone 'UTC', 'YYYY-MM-DD')`,
  version: sql<string>`p.config_version::text`,
  environment: sql<string>`coalesce(p.environment, 'none')`,
} as const;

/** The agent's turns in [from, to) as partial rows: one range of turns_agent_created_idx. */
export function turnPartials(agentId: string, from: Date, to: Date): SQL {
  // Truncated in UTC, never the session's TimeZone (a zone at +05:30 would cut hours elsewhere).
  return sql`select date_trunc('hour', t.created_at at time zone 'UTC') at time zone 'UTC' as hour, t.session_id, t.config_version, t.environment,
      count(*)::int as turns, coalesce(sum(t.tokens_in), 0)::bigint as tokens_in,
      coalesce(sum(t.tokens_out), 0)::bigint as tokens_out, coalesce(sum(t.cost_usd), 0)::float8 as cost_usd,
      (count(*) filter (where t.cost_usd is null))::int as unpriced_turns
    from turns t
    where t.agent_id = ${agentId} and t.created_at >= ${from.toISOString()}::timestamptz
      and t.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4`;
}

// The rolled answer's columns: every part adds its share of each.
const SUMS_SQL = sql`sum(c.turns)::int as "turns",
      sum(c.conversations)::int as "conversations",
      sum(c.tokens_in)::float8 as "tokensIn",
      sum(c.tokens_out)::float8 as "tokensOut",
      sum(c.cost_usd)::float8 as "costUsd",
      sum(c.unpriced_turns)::int as "unpricedTurns",
      sum(c.reviewed)::int as "reviewedConversations",
      sum(c.resolved)::int as "resolvedConversations",
      coalesce(sum(c.reviewed_cost_usd), 0)::float8 as "reviewedCostUsd"`;

/**
 * The agent's turns in [from, to) summed per group and in all from turns alone: each conversation's
 * partials summed per group and in all (grouping sets: one pass over the rows for both), so a
 * conversation counts once per group however many hours it spans, then joined to its review (the
 * primary key) for the conversations reviewers labelled.
 */
function scanSql(agentId: string, window: { from: Date; to: Date }, grouping: UsageGrouping): SQL {
  const reviewed = sql`r.state = 'reviewed'`;
  return sql`
    select c.key,
      sum(c.turns)::int as "turns",
      count(*)::int as "conversations",
      sum(c.tokens_in)::float8 as "tokensIn",
      sum(c.tokens_out)::float8 as "tokensOut",
      sum(c.cost_usd)::float8 as "costUsd",
      sum(c.unpriced_turns)::int as "unpricedTurns",
      (count(*) filter (where ${reviewed}))::int as "reviewedConversations",
      (count(*) filter (where ${reviewed} and r.resolved))::int as "resolvedConversations",
      coalesce(sum(c.cost_usd) filter (where ${reviewed}), 0)::float8 as "reviewedCostUsd"
    from (
      select k.key, k.session_id, sum(k.turns) as turns, sum(k.tokens_in) as tokens_in,
        sum(k.tokens_out) as tokens_out, sum(k.cost_usd) as cost_usd, sum(k.unpriced_turns) as unpriced_turns
      from (select ${GROUP_KEYS[grouping]} as key, p.* from (${turnPartials(agentId, window.from, window.to)}) p) k
      group by grouping sets ((k.key, k.session_id), (k.session_id))
    ) c
    left join session_reviews r on r.session_id = c.session_id
    group by 1
    order by 1`;
}

/**
 * The same sums with the whole hours of `rolled` read from the rollup (db/schema/usage.ts), each part
 * one index range of at most a few thousand rows, none per conversation:
 * - tokens, cost and turns from usage_hour_sums;
 * - conversations of the group and in all, and the reviewed and resolved ones with the reviewed cost,
 *   from usage_hour_counts: active in the first rolled hour, plus those starting a run in a later one,
 *   less the runs resumed in the window (usage_conversation_runs). Triggers keep the reviewed figures
 *   up to date with session_reviews, so a review given long after the hour counts at once.
 * The rest of the window (its partial first hour, the hours not rolled yet) is summed from turns; a
 * conversation found there adds to the counts only without a run of its group in the rolled hours.
 * Groups without a turn are left out, as the scan never sees them.
 */
function rolledSql(agentId: string, window: { from: Date; to: Date }, grouping: UsageGrouping, rolled: RolledRange) {
  const from = sql`${rolled.from.toISOString()}::timestamptz`;
  const to = sql`${rolled.to.toISOString()}::timestamptz`;
  const live: SQL[] = [];
  if (window.from < rolled.from) live.push(turnPartials(agentId, window.from, rolled.from));
  if (rolled.to < window.to) live.push(turnPartials(agentId, rolled.to, window.to));
  // A window of whole rolled hours has no live part: an empty range of turns stands for it.
  const liveRows = live.length > 0 ? sql.join(live, sql` union all `) : turnPartials(agentId, rolled.to, rolled.to);
  const kind = grouping;
  const groupKey = GROUP_KEYS[grouping];
  const first = (column: string) =>
    sql`sum(case when c.hour = ${from} then c.${sql.raw(`${column}_active`)} else c.${sql.raw(`${column}_starts`)} end)`;
  return sql`
    with live as materialized (
      select ${groupKey} as key, p.* from (${liveRows}) p
    ),
    live_conversations as (
      select l.key, l.session_id, sum(l.cost_usd) as cost_usd, not exists (
          select 1 from usage_conversation_runs s
          where s.session_id = l.session_id and s.kind = case when l.key is null then 'all' else ${kind} end
            and s.key = coalesce(l.key, '') and s.last_hour >= ${from} and s.first_hour < ${to}
        ) as fresh
      from live l
      group by grouping sets ((l.key, l.session_id), (l.session_id))
    ),
    parts as (
      select ${groupKey} as key, sum(p.turns) as turns, sum(p.tokens_in) as tokens_in,
        sum(p.tokens_out) as tokens_out, sum(p.cost_usd) as cost_usd, sum(p.unpriced_turns) as unpriced_turns,
        0 as conversations, 0 as reviewed, 0 as resolved, 0::float8 as reviewed_cost_usd
      from usage_hour_sums p
      where p.agent_id = ${agentId} and p.hour >= ${from} and p.hour < ${to}
      group by grouping sets ((1), ())
      union all
      select l.key, sum(l.turns), sum(l.tokens_in), sum(l.tokens_out), sum(l.cost_usd), sum(l.unpriced_turns), 0, 0, 0, 0
      from live l
      group by grouping sets ((l.key), ())
      union all
      select case when c.kind = 'all' then null else c.key end, 0, 0, 0, 0, 0,
        sum(case when c.hour = ${from} then c.active else c.starts end), ${first("reviewed")}, ${first("resolved")},
        sum(c.reviewed_cost_usd)
      from usage_hour_counts c
      where c.agent_id = ${agentId} and c.kind in ('all', ${kind}) and c.hour >= ${from} and c.hour < ${to}
      group by 1
      union all
      select case when s.kind = 'all' then null else s.key end, 0, 0, 0, 0, 0, -count(*), -count(r.session_id),
        -count(*) filter (where r.resolved), 0
      from usage_conversation_runs s
      left join session_reviews r on r.session_id = s.session_id and r.state = 'reviewed'
      where s.agent_id = ${agentId} and s.kind in ('all', ${kind}) and s.prev_last_hour >= ${from} and s.first_hour < ${to}
      group by 1
      union all
      select c.key, 0, 0, 0, 0, 0, count(*) filter (where c.fresh), count(r.session_id) filter (where c.fresh),
        count(*) filter (where c.fresh and r.resolved), coalesce(sum(c.cost_usd) filter (where r.session_id is not null), 0)
      from live_conversations c
      left join session_reviews r on r.session_id = c.session_id and r.state = 'reviewed'
      group by c.key
    )
    select c.key, ${SUMS_SQL}
    from parts c
    group by 1
    having sum(c.turns) > 0
    order by 1`;
}

/**
 * The agent's turns in [from, to) summed per group and in all (`total`; undefined without a turn):
 * the hours in `rolled` read from the rollup, the rest from turns. Exactly the scan's figures (costs
 * to float rounding: added in another order).
 */
export async function usageSums(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  grouping: UsageGrouping,
  rolled: RolledRange | null = null,
): Promise<{ rows: UsageSums[]; total: UsageSums | undefined }> {
  // Every group's key is non-null (coalesce for the environment), so a null key is the total's row.
  const result = await db.execute(
    rolled ? rolledSql(agentId, window, grouping, rolled) : scanSql(agentId, window, grouping),
  );
  const sums = rowsOf<
    Omit<UsageSums, "key"> & { key: string | null; tokensIn: string | number; tokensOut: string | number }
  >(result).map((row) => ({ ...row, tokensIn: Number(row.tokensIn), tokensOut: Number(row.tokensOut) }));
  const total = sums.find((row) => row.key === null);
  return {
    rows: sums.flatMap((row) => (row.key === null ? [] : [{ ...row, key: row.key }])),
    total: total ? { ...total, key: "total" } : undefined,
  };
}
