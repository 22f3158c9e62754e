import "server-only";
import { addSpend, getAgentBudget, spendRows } from "@/db/queries/budgets";
import type { AgentBudgetRow, DbOrTx } from "@/db/types";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { type BudgetReached, periodStarts, reachedBudget } from "../budget-periods";
import type { BudgetInput } from "../budget-schemas";
import { announceCrossings } from "./announce-crossings";

export function budgetInputOf(row: AgentBudgetRow): BudgetInput {
  return { daily_usd: row.dailyUsd, monthly_usd: row.monthlyUsd, action: row.action };
}

/**
 * Before a turn runs: the period of the agent's budget `row` (read with the turn's session) that is
 * already spent, or null (no budget, or room left). An agent without a budget costs no read. The spend
 * is read as committed, so two turns racing past the line may both run as usual: a budget stops the
 * turns after it, not the one that crosses it (docs/budgets.md#what-a-budget-guarantees).
 */
export async function budgetBeforeTurn(
  db: DbOrTx,
  row: AgentBudgetRow | null,
  agentId: string,
  now: Date,
): Promise<BudgetReached | null> {
  if (!row || (row.dailyUsd === null && row.monthlyUsd === null)) return null;
  const spend = await spendRows(db, agentId, periodStarts(now));
  const spent = { day: 0, month: 0 };
  for (const period of spend) spent[period.period] = period.spentUsd;
  return reachedBudget(budgetInputOf(row), spent);
}

/**
 * A turn's share of its commit: its cost added to the agent's day and month (an unpriced or free turn
 * adds nothing and reads nothing), then the crossings it made announced.
 */
export const budgetSettler: TurnSettler = {
  name: "budget",
  async settle(tx, turn) {
    const cost = turn.outcome.costUsd ?? 0;
    if (cost <= 0) return;
    const spend = await addSpend(tx, turn.agentId, periodStarts(new Date()), cost);
    const row = await getAgentBudget(tx, turn.agentId);
    if (!row) return;
    await announceCrossings(tx, {
      agentId: turn.agentId,
      budget: budgetInputOf(row),
      spend,
      requestId: turn.requestId,
    });
  },
};
