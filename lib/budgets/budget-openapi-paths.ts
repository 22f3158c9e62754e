import { agentKeyParam, operationBuilder } from "../openapi/openapi-helpers";
import { BudgetBody, BudgetInput } from "./budget-schemas";

// OpenAPI path object of an agent's budget (docs/budgets.md).

const operation = operationBuilder({
  404: "No such agent",
  422: "Validation failed: a negative, non-numeric or over-large amount, an unknown action or an unknown key",
});

export const budgetPaths = {
  "/api/v1/agents/{key}/budget": {
    get: operation("traces:read", {
      summary: "The agent's budget and what it spent today and this month (UTC)",
      parameters: [agentKeyParam],
      ok: { description: "The budget and the spend per period", schema: BudgetBody },
    }),
    put: operation("budgets:write", {
      summary: "Set the agent's daily and monthly budget and what happens when one is spent",
      description:
        "Ledgered as BUDGET_CHANGED. At 80% of a period's budget the `budget.warning` webhook fires, at 100% `budget.reached`, once per period each; from the next turn the action applies: notify (turns go on), offline (the deterministic path, no model call) or handoff (a person). A budget below what was already spent is accepted and acts on the next turn.",
      parameters: [agentKeyParam],
      body: BudgetInput,
      ok: { description: "The budget as saved, with the spend per period", schema: BudgetBody },
    }),
  },
};
