import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { BudgetBody, BudgetInput } from "./budget-schemas";

// The console's Budget card calls the budget REST route (docs/budgets.md).

export function saveBudget(agentKey: string, body: BudgetInput): Promise<ApiAnswer<BudgetBody>> {
  return requestJson(
    `/api/v1/agents/${encodeURIComponent(agentKey)}/budget`,
    "Saving the budget",
    jsonBody("PUT", body),
  );
}
