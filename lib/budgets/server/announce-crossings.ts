import "server-only";
import { markCrossing } from "@/db/queries/budgets";
import type { BudgetSpendRow, Transaction } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import { budgetOf, thresholdsPassed } from "../budget-periods";
import type { BudgetInput } from "../budget-schemas";

const EVENTS = {
  warning: { ledger: "BUDGET_WARNING", webhook: "budget.warning" },
  reached: { ledger: "BUDGET_REACHED", webhook: "budget.reached" },
} as const;

/**
 * Each threshold (80%, 100%) a period's spend is at or past and has not been announced this period:
 * marked on the spend row, ledgered, and sent to the agent's webhooks, all in the caller's transaction.
 * Once per period and threshold, however many turns or budget changes pass it (markCrossing).
 */
export async function announceCrossings(
  tx: Transaction,
  input: { agentId: string; budget: BudgetInput; spend: BudgetSpendRow[]; requestId: string },
): Promise<void> {
  for (const row of input.spend) {
    const limit = budgetOf(input.budget, row.period);
    for (const threshold of thresholdsPassed(row.spentUsd, limit)) {
      const key = { agentId: input.agentId, period: row.period, periodStart: row.periodStart };
      if (!(await markCrossing(tx, key, threshold))) continue;
      const data = {
        period: row.period,
        period_start: row.periodStart,
        spent_usd: row.spentUsd,
        budget_usd: limit,
        action: input.budget.action,
      };
      await appendLedgerEvent(tx, {
        type: EVENTS[threshold].ledger,
        actor: SYSTEM_ACTOR,
        agentId: input.agentId,
        requestId: input.requestId,
        payload: data,
      });
      await queueWebhookEvent(tx, { agentId: input.agentId, type: EVENTS[threshold].webhook, data });
    }
  }
}
