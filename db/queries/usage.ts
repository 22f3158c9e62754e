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

/** Whole UTC hours [from, to) read from usage_hourly instead of turns. */
export interface RolledRange {
  from: Date;
  to: Date;
}

// Both sources as the same partial rows: a conversation's turns of one UTC hour, config version and
// environment (usage-rollups.ts writes usage_hourly with this very sum).
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

/**
 * The window's partial rows: the rolled hours from usage_hourly, the rest of [from, to) from turns (two
 * ranges, each its own index range: one `not between` would walk the whole window).
 */
function partials(agentId: string, window: { from: Date; to: Date }, rolled: RolledRange | null): SQL {
  if (!rolled) return turnPartials(agentId, window.from, window.to);
  const parts = [
    sql`select hour, session_id, config_version, environment, turns, tokens_in, tokens_out, cost_usd, unpriced_turns
      from usage_hourly where agent_id = ${agentId} and hour >= ${rolled.from.toISOString()}::timestamptz
        and hour < ${rolled.to.toISOString()}::timestamptz`,
  ];
  if (window.from < rolled.from) parts.push(turnPartials(agentId, window.from, rolled.from));
  if (rolled.to < window.to) parts.push(turnPartials(agentId, rolled.to, window.to));
  return sql.join(parts, sql` union all `);
}

/**
 * The agent's turns in [from, to) summed per group and in all (`total`; undefined without a turn).
 * Hours in `rolled` are read from usage_hourly (one row per conversation and hour), the rest from
 * turns. Each conversation's partials are first summed per group and in all (grouping sets: one pass
 * over the rows for both), so a conversation counts once per group however many hours it spans, then
 * joined to its review (the primary key) for the conversations reviewers labelled: the review is read
 * now, never rolled, since a reviewer may label a conversation long after its hour.
 */
export async function usageSums(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  grouping: UsageGrouping,
  rolled: RolledRange | null = null,
): Promise<{ rows: UsageSums[]; total: UsageSums | undefined }> {
  const reviewed = sql`r.state = 'reviewed'`;
  // Every group's key is non-null (coalesce for the environment), so a null key is the total's row.
  const result = await db.execute(sql`
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
      from (select ${GROUP_KEYS[grouping]} as key, p.* from (${partials(agentId, window, rolled)}) p) k
      group by grouping sets ((k.key, k.session_id), (k.session_id))
    ) c
    left join session_reviews r on r.session_id = c.session_id
    group by 1
    order by 1`);
  const sums = rowsOf<
    Omit<UsageSums, "key"> & { key: string | null; tokensIn: string | number; tokensOut: string | number }
  >(result).map((row) => ({ ...row, tokensIn: Number(row.tokensIn), tokensOut: Number(row.tokensOut) }));
  const total = sums.find((row) => row.key === null);
  return {
    rows: sums.flatMap((row) => (row.key === null ? [] : [{ ...row, key: row.key }])),
    total: total ? { ...total, key: "total" } : undefined,
  };
}
