import { BudgetBody, BudgetInput } from "@/lib/budgets/budget-schemas";
import { readBudget, setBudget } from "@/lib/budgets/server/agent-budget";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/budget → {budget, spend: [today, this month], updated_by, updated_at}.
export const GET = defineRoute(
  { scope: "traces:read", params: AgentKeyParams, response: BudgetBody },
  async ({ db, params }) => readBudget(db, await requireAgent(db, params.key)),
);

// PUT /api/v1/agents/{key}/budget {daily_usd, monthly_usd, action} → the budget and its spend; ledgered
// (BUDGET_CHANGED), and a budget already passed by today's or this month's spend is announced at once.
export const PUT = defineRoute(
  { scope: "budgets:write", params: AgentKeyParams, body: BudgetInput, response: BudgetBody },
  async ({ db, params, body, actor, requestId }) =>
    setBudget(db, await requireAgent(db, params.key), body, { actor, requestId }),
);
