import { date, doublePrecision, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { updatedAt } from "./columns";

// An agent's spending budget and what it has spent per UTC day and month (docs/budgets.md). Like
// credentials and webhooks, a budget is not part of the configuration version: lowering it must act
// on the next turn of every environment, whatever version each one is pinned to.

export const budgetAction = pgEnum("budget_action", ["notify", "offline", "handoff"]);
export const budgetPeriod = pgEnum("budget_period", ["day", "month"]);

export const agentBudgets = pgTable("agent_budgets", {
  agentId: uuid("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  // US dollars; null: no budget for that period.
  dailyUsd: doublePrecision("daily_usd"),
  monthlyUsd: doublePrecision("monthly_usd"),
  action: budgetAction("action").notNull().default("notify"),
  updatedBy: text("updated_by").notNull(),
  updatedAt: updatedAt(),
});

export const budgetSpend = pgTable(
  "budget_spend",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    period: budgetPeriod("period").notNull(),
    // The UTC day, or the first day of the UTC month.
    periodStart: date("period_start", { mode: "string" }).notNull(),
    // Every priced turn's cost adds here in the turn's own transaction, so the row is the sum of the
    // period's turns.cost_usd without a scan over them on the next turn.
    spentUsd: doublePrecision("spent_usd").notNull().default(0),
    // When the period's spend first reached 80% and 100% of its budget: each crossing is announced once.
    warnedAt: timestamp("warned_at", { withTimezone: true, mode: "date" }),
    reachedAt: timestamp("reached_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.period, t.periodStart] })],
);

export type AgentBudgetRow = typeof agentBudgets.$inferSelect;
export type BudgetSpendRow = typeof budgetSpend.$inferSelect;
