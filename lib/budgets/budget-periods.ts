import { BUDGET_WARNING_SHARE, type BudgetInput, type BudgetPeriod } from "./budget-schemas";

// Which budget periods a moment falls in, and what a period's spend means against its budget
// (docs/budgets.md). Periods are UTC: one agent's day must not depend on the server's time zone.

export type PeriodStarts = Record<BudgetPeriod, string>;

/** The UTC day and the first day of the UTC month that `now` falls in, as YYYY-MM-DD. */
export function periodStarts(now: Date): PeriodStarts {
  const day = now.toISOString().slice(0, 10);
  return { day, month: `${day.slice(0, 7)}-01` };
}

export function budgetOf(budget: BudgetInput, period: BudgetPeriod): number | null {
  return period === "day" ? budget.daily_usd : budget.monthly_usd;
}

/** A period whose spend reached its budget, and the action that then applies. */
export interface BudgetReached {
  period: BudgetPeriod;
  spent_usd: number;
  budget_usd: number;
  action: BudgetInput["action"];
}

/**
 * The first period (day before month) whose spend is at or over its budget, or null. A budget of 0 is
 * reached at once: an agent that may spend nothing runs its action from the first turn.
 */
export function reachedBudget(budget: BudgetInput, spent: Record<BudgetPeriod, number>): BudgetReached | null {
  for (const period of ["day", "month"] as const) {
    const limit = budgetOf(budget, period);
    if (limit !== null && spent[period] >= limit) {
      return { period, spent_usd: spent[period], budget_usd: limit, action: budget.action };
    }
  }
  return null;
}

/** The thresholds a period's spend is at or past: "warning" at 80%, "reached" at 100%. */
export function thresholdsPassed(spent: number, limit: number | null): ("warning" | "reached")[] {
  if (limit === null) return [];
  const passed: ("warning" | "reached")[] = [];
  if (spent >= limit * BUDGET_WARNING_SHARE) passed.push("warning");
  if (spent >= limit) passed.push("reached");
  return passed;
}
