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

/** Whole UTC days ("YYYY-MM-DD", `to` exclusive) read from usage_daily instead of turns. */
export interface RolledRange {
  from: string;
  to: string;
}

// Both sources as the same partial rows: a conversation's turns of one UTC day, config version and
// environment (usage-rollups.ts writes usage_daily with this very sum).
const GROUP_KEYS = {
  day: sql<string>`to_char(p.day, 'YYYY-MM-DD')`,
  version: sql<string>`p.config_version::text`,
  environment: sql<string>`coalesce(p.environment, 'none')`,
} as const;

/** The agent's turns in [from, to) as partial rows: one range of turns_agent_created_idx. */
export function turnPartials(agentId: string, from: Date, to: Date): SQL {
  return sql`select (t.created_at at time zone 'UTC')::date as day, t.session_id, t.config_version, t.environment,
      count(*)::int as turns, coalesce(sum(t.tokens_in), 0)::bigint as tokens_in,
      coalesce(sum(t.tokens_out), 0)::bigint as tokens_out, coalesce(sum(t.cost_usd), 0)::float8 as cost_usd,
      (count(*) filter (where t.cost_usd is null))::int as unpriced_turns
    from turns t
    where t.agent_id = ${agentId} and t.created_at >= ${from.toISOString()}::timestamptz
      and t.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4`;
}

const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The window's partial rows: the rolled days from usage_daily, the rest of [from, to) from turns (two
 * ranges, each its own index range: one `not between` would walk the whole window).
 */
function partials(agentId: string, window: { from: Date; to: Date }, rolled: RolledRange | null): SQL {
  if (!rolled) return turnPartials(agentId, window.from, window.to);
  const parts = [
    sql`select day, session_id, config_version, environment, turns, tokens_in, tokens_out, cost_usd, unpriced_turns
      from usage_daily where agent_id = ${agentId} and day >= ${rolled.from}::date and day < ${rolled.to}::date`,
  ];
  const [rolledFrom, rolledTo] = [midnight(rolled.from), midnight(rolled.to)];
  if (window.from < rolledFrom) parts.push(turnPartials(agentId, window.from, rolledFrom));
  if (rolledTo < window.to) parts.push(turnPartials(agentId, rolledTo, window.to));
  return sql.join(parts, sql` union all `);
}

/**
 * The agent's turns in [from, to) summed per group (or in all, `grouping` null). Days in `rolled` are
 * read from usage_daily (one row per conversation and day), the rest from turns. Each conversation's
 * partials are first summed per group, so a conversation counts once per group however many days it
 * spans, then joined to its review (the primary key) for the conversations reviewers labelled: the
 * review is read now, never rolled, since a reviewer may label a conversation long after its day.
 */
export async function usageSums(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  grouping: UsageGrouping | null,
  rolled: RolledRange | null = null,
): Promise<UsageSums[]> {
  const key = grouping ? GROUP_KEYS[grouping] : sql<string>`'total'`;
  const reviewed = sql`r.state = 'reviewed'`;
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
      select ${key} as key, p.session_id, sum(p.turns) as turns, sum(p.tokens_in) as tokens_in,
        sum(p.tokens_out) as tokens_out, sum(p.cost_usd) as cost_usd, sum(p.unpriced_turns) as unpriced_turns
      from (${partials(agentId, window, rolled)}) p
      group by 1, 2
    ) c
    left join session_reviews r on r.session_id = c.session_id
    group by 1
    order by 1`);
  const rows = rowsOf<UsageSums & { tokensIn: string | number; tokensOut: string | number }>(result);
  return rows.map((row) => ({ ...row, tokensIn: Number(row.tokensIn), tokensOut: Number(row.tokensOut) }));
}
