import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BudgetBody } from "@/lib/budgets/budget-schemas";
import { BudgetForm } from "./budget-form";
import { BudgetSpend } from "./budget-spend";

const ACTION_SENTENCES = {
  notify: "turns go on as usual",
  offline: "turns run without the model",
  handoff: "new turns go to a person",
} as const;

// Settings → Budget: what the agent spent today and this month against its budgets, and (for admins)
// the form that sets them (docs/budgets.md).

export function BudgetSection({
  agentKey,
  budget,
  canEdit,
}: {
  agentKey: string;
  budget: BudgetBody;
  canEdit: boolean;
}) {
  return (
    <section aria-labelledby="budget-title" id="budget">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="budget-title">
            Budget
          </CardTitle>
          <CardDescription>
            At 80% of a budget the <code>budget.warning</code> webhook fires; once it is spent,{" "}
            {ACTION_SENTENCES[budget.budget.action]} until the period ends. Changes are ledgered and act on the next
            turn.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-3">
            {budget.spend.map((spend) => (
              <BudgetSpend key={spend.period} spend={spend} />
            ))}
          </div>
          {canEdit ? (
            <BudgetForm agentKey={agentKey} budget={budget.budget} />
          ) : (
            <p className="text-muted-foreground text-sm">An admin sets the budget.</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
