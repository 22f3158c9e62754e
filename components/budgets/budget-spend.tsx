import { Badge } from "@/components/ui/badge";
import type { PeriodSpend } from "@/lib/budgets/budget-schemas";
import { formatUsd } from "@/lib/text/usd";

const PERIOD_WORDS = { day: "Today (UTC)", month: "This month (UTC)" } as const;

function status(spend: PeriodSpend) {
  if (spend.budget_usd === null) return null;
  if (spend.reached_at) return <Badge variant="danger">spent</Badge>;
  if (spend.warned_at) return <Badge variant="warning">over 80%</Badge>;
  return <Badge variant="success">within budget</Badge>;
}

/** One period's spend against its budget: the figures, a bar, and whether the warning or the limit was reached. */
export function BudgetSpend({ spend }: { spend: PeriodSpend }) {
  const share = spend.share === null ? null : Math.min(1, spend.share);
  return (
    <div className="space-y-1" data-testid={`budget-spend-${spend.period}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">{PERIOD_WORDS[spend.period]}</span>
        <span className="flex items-center gap-2 tabular-nums">
          {formatUsd(spend.spent_usd)}
          {spend.budget_usd === null ? " spent, no budget" : ` of ${formatUsd(spend.budget_usd)}`}
          {status(spend)}
        </span>
      </div>
      {share === null ? null : (
        // The figures above say it in words; the bar only draws them.
        <div aria-hidden="true" className="h-2 overflow-hidden rounded bg-muted">
          <div
            className={share >= 1 ? "h-full bg-danger" : share >= 0.8 ? "h-full bg-warning" : "h-full bg-primary"}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
      )}
    </div>
  );
}
