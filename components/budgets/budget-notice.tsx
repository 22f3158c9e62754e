import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { BudgetBody } from "@/lib/budgets/budget-schemas";
import { formatUsd } from "@/lib/text/usd";

const PERIOD = { day: "daily", month: "monthly" } as const;
const ACTION_NOW = {
  notify: "Turns go on as usual.",
  offline: "Turns now run without the model, on the deterministic path.",
  handoff: "New turns now go to a person in the Inbox.",
} as const;

/**
 * The console's notice on the agent's overview once a budget period passed 80% (docs/budgets.md): the
 * figures, what happens to turns now, and where to change it. Nothing while every budget has room.
 */
export function BudgetNotice({ agentKey, budget }: { agentKey: string; budget: BudgetBody }) {
  const spent = budget.spend.find((s) => s.reached_at && s.budget_usd !== null);
  const warned = budget.spend.find((s) => s.warned_at && s.budget_usd !== null);
  const shown = spent ?? warned;
  if (!shown || shown.budget_usd === null) return null;
  const percent = shown.share === null ? 100 : Math.round(shown.share * 100);
  const figures = `${formatUsd(shown.spent_usd)} of the ${PERIOD[shown.period]} budget of ${formatUsd(shown.budget_usd)} (${percent}%)`;
  return (
    <Alert variant={spent ? "danger" : "warning"} title={spent ? "Budget spent" : "Budget at 80%"}>
      This agent has spent {figures}.{" "}
      {spent ? ACTION_NOW[budget.budget.action] : "The budget's action applies at 100%."}{" "}
      <Link href={`/agents/${encodeURIComponent(agentKey)}/settings#budget`} className="underline">
        Change the budget in Settings
      </Link>
    </Alert>
  );
}
