import "server-only";
import { addSpend, getAgentBudget, saveAgentBudget, spendRows } from "@/db/queries/budgets";
import type { AgentRow, BudgetSpendRow, Database, DbOrTx } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { budgetOf, periodStarts } from "../budget-periods";
import { BUDGET_PERIODS, type BudgetBody, type BudgetInput, NO_BUDGET } from "../budget-schemas";
import { announceCrossings } from "./announce-crossings";
import { budgetInputOf } from "./turn-budget";

// Reading and setting an agent's budget (docs/budgets.md). A change is one transaction: the budget,
// its BUDGET_CHANGED ledger event (before and after), and the crossings the new figures make against
// what was already spent, announced at once: a budget set below today's spend is accepted, warns now,
// and acts on the next turn.

function spendView(budget: BudgetInput, rows: BudgetSpendRow[], starts: Record<"day" | "month", string>) {
  return BUDGET_PERIODS.map((period) => {
    const row = rows.find((r) => r.period === period);
    const spent = row?.spentUsd ?? 0;
    const limit = budgetOf(budget, period);
    return {
      period,
      period_start: starts[period],
      spent_usd: Math.round(spent * 1_000_000) / 1_000_000,
      budget_usd: limit,
      // A budget of 0 is spent before the first turn.
      share: limit === null ? null : limit === 0 ? 1 : spent / limit,
      warned_at: row?.warnedAt?.toISOString() ?? null,
      reached_at: row?.reachedAt?.toISOString() ?? null,
    };
  });
}

export async function readBudget(db: DbOrTx, agent: AgentRow, now = new Date()): Promise<BudgetBody> {
  const starts = periodStarts(now);
  const [row, spend] = await Promise.all([getAgentBudget(db, agent.id), spendRows(db, agent.id, starts)]);
  const budget = row ? budgetInputOf(row) : NO_BUDGET;
  return {
    budget,
    spend: spendView(budget, spend, starts),
    updated_by: row?.updatedBy ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function setBudget(
  db: Database,
  agent: AgentRow,
  input: BudgetInput,
  context: { actor: Actor; requestId: string },
): Promise<BudgetBody> {
  return db.transaction(async (tx) => {
    const before = await getAgentBudget(tx, agent.id);
    await saveAgentBudget(tx, {
      agentId: agent.id,
      dailyUsd: input.daily_usd,
      monthlyUsd: input.monthly_usd,
      action: input.action,
      updatedBy: context.actor.name,
    });
    await appendLedgerEvent(tx, {
      type: "BUDGET_CHANGED",
      actor: context.actor,
      agentId: agent.id,
      requestId: context.requestId,
      payload: { agent_key: agent.key, before: before ? budgetInputOf(before) : NO_BUDGET, after: input },
    });
    // Adding nothing makes sure both periods have a row to mark a crossing on.
    const spend = await addSpend(tx, agent.id, periodStarts(new Date()), 0);
    await announceCrossings(tx, { agentId: agent.id, budget: input, spend, requestId: context.requestId });
    return readBudget(tx, agent);
  });
}
