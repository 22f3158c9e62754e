import "server-only";
import { type UsageSums, usageSums } from "@/db/queries/usage";
import type { AgentRow, DbOrTx } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { MAX_USAGE_DAYS, type UsageBody, type UsageQuery, type UsageRow } from "../usage-schemas";
import { rolledRange } from "./rolled-range";

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

function windowOf(query: UsageQuery, now: Date): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (from >= to)
    throw new AppError("VALIDATION", "The window is empty.", [{ path: "from", message: "must be before `to`" }]);
  if (to.getTime() - from.getTime() > MAX_USAGE_DAYS * DAY_MS) {
    throw new AppError("VALIDATION", "The window is too long.", [
      { path: "from", message: `must be at most ${MAX_USAGE_DAYS} days before \`to\`` },
    ]);
  }
  return { from, to };
}

const perConversation = (cost: number, conversations: number) => (conversations > 0 ? cost / conversations : null);

function rowOf(sums: UsageSums): UsageRow {
  return {
    key: sums.key,
    turns: sums.turns,
    conversations: sums.conversations,
    tokens_in: sums.tokensIn,
    tokens_out: sums.tokensOut,
    cost_usd: sums.costUsd,
    unpriced_turns: sums.unpricedTurns,
    cost_per_conversation_usd: perConversation(sums.costUsd, sums.conversations),
    reviewed_conversations: sums.reviewedConversations,
    resolved_conversations: sums.resolvedConversations,
    cost_per_resolved_conversation_usd: perConversation(sums.reviewedCostUsd, sums.resolvedConversations),
  };
}

const EMPTY: UsageSums = {
  key: "total",
  turns: 0,
  conversations: 0,
  tokensIn: 0,
  tokensOut: 0,
  costUsd: 0,
  unpricedTurns: 0,
  reviewedConversations: 0,
  resolvedConversations: 0,
  reviewedCostUsd: 0,
};

/**
 * The agent's usage in the query's window, per group and in all (docs/pipeline.md#reading-cost): the
 * hours the `usage.rollup` job rolled from its per-hour tables, the rest summed from turns.
 */
export async function agentUsage(db: DbOrTx, agent: AgentRow, query: UsageQuery, now = new Date()): Promise<UsageBody> {
  const window = windowOf(query, now);
  const rolled = await rolledRange(db, agent.id, window, now);
  const { rows, total } = await usageSums(db, agent.id, window, query.group, rolled);
  const { key: _key, ...totals } = rowOf(total ?? EMPTY);
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    group: query.group,
    rows: rows.map(rowOf),
    total: totals,
  };
}
