import { z } from "zod";

// An agent's spending budget (docs/budgets.md): the one source for the REST body and answer, the
// console's form and the OpenAPI document. Client-safe.

export const BUDGET_ACTIONS = ["notify", "offline", "handoff"] as const;
export type BudgetAction = (typeof BUDGET_ACTIONS)[number];
export const BUDGET_PERIODS = ["day", "month"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The share of a budget at which the warning goes out (webhook `budget.warning`, the console's notice). */
export const BUDGET_WARNING_SHARE = 0.8;

// $1,000,000 a day is far above any one agent's bill; a larger figure is a typo (an extra zero or two).
const MAX_USD = 1_000_000;

const Usd = z
  .number({ error: "must be a number of US dollars, or null for no budget" })
  .finite()
  .min(0, { message: "must be 0 or more US dollars (null for no budget)" })
  .max(MAX_USD, { message: `must be at most ${MAX_USD.toLocaleString("en-US")} US dollars` })
  .nullable();

export const BudgetInput = z.strictObject({
  daily_usd: Usd.describe("Per UTC day; null: none"),
  monthly_usd: Usd.describe("Per UTC calendar month; null: none"),
  action: z
    .enum(BUDGET_ACTIONS)
    .describe(
      "At 100%: notify (turns go on; default), offline (turns run the deterministic path with no model call) or handoff (new turns go to a person)",
    ),
});
export type BudgetInput = z.infer<typeof BudgetInput>;

const PeriodSpend = z.object({
  period: z.enum(BUDGET_PERIODS),
  period_start: z.string().describe("The UTC day, or the first day of the UTC month (YYYY-MM-DD)"),
  spent_usd: z.number(),
  budget_usd: z.number().nullable(),
  share: z.number().nullable().describe("spent ÷ budget; null without a budget"),
  warned_at: z.string().nullable().describe("When the spend first reached 80% this period"),
  reached_at: z.string().nullable().describe("When the spend first reached 100% this period"),
});
export type PeriodSpend = z.infer<typeof PeriodSpend>;

export const BudgetBody = z.object({
  budget: BudgetInput,
  spend: z.array(PeriodSpend).describe("Today and this month, in that order"),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type BudgetBody = z.infer<typeof BudgetBody>;

export const NO_BUDGET: BudgetInput = { daily_usd: null, monthly_usd: null, action: "notify" };
