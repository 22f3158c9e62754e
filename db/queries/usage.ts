import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { sessionReviews, turns } from "../schema";
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

const GROUP_KEYS = {
  day: sql<string>`to_char(${turns.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
  version: sql<string>`${turns.configVersion}::text`,
  environment: sql<string>`coalesce(${turns.environment}, 'none')`,
} as const;

/**
 * The agent's turns in [from, to) summed per group (or in all, `grouping` null): a range of
 * turns_agent_created_idx, each turn joined to its session's review (the primary key) for the
 * conversations reviewers labelled.
 */
export async function usageSums(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  grouping: UsageGrouping | null,
): Promise<UsageSums[]> {
  const key = grouping ? GROUP_KEYS[grouping] : sql<string>`'total'`;
  const reviewed = sql`${sessionReviews.state} = 'reviewed'`;
  const rows = await db
    .select({
      key: key.as("key"),
      turns: sql<number>`count(*)::int`,
      conversations: sql<number>`count(distinct ${turns.sessionId})::int`,
      tokensIn: sql<number>`coalesce(sum(${turns.tokensIn}), 0)::float8`,
      tokensOut: sql<number>`coalesce(sum(${turns.tokensOut}), 0)::float8`,
      costUsd: sql<number>`coalesce(sum(${turns.costUsd}), 0)::float8`,
      unpricedTurns: sql<number>`(count(*) filter (where ${turns.costUsd} is null))::int`,
      reviewedConversations: sql<number>`(count(distinct ${turns.sessionId}) filter (where ${reviewed}))::int`,
      resolvedConversations: sql<number>`(count(distinct ${turns.sessionId}) filter (where ${reviewed} and ${sessionReviews.resolved}))::int`,
      reviewedCostUsd: sql<number>`coalesce(sum(${turns.costUsd}) filter (where ${reviewed}), 0)::float8`,
    })
    .from(turns)
    .leftJoin(sessionReviews, eq(sessionReviews.sessionId, turns.sessionId))
    .where(and(eq(turns.agentId, agentId), gte(turns.createdAt, window.from), lt(turns.createdAt, window.to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ ...row, tokensIn: Number(row.tokensIn), tokensOut: Number(row.tokensOut) }));
}
