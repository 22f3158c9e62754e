"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useFormProblems } from "@/components/ui/use-form-problems";
import { saveBudget } from "@/lib/budgets/budget-client";
import { BUDGET_ACTIONS, type BudgetAction, BudgetInput } from "@/lib/budgets/budget-schemas";

const ACTION_WORDS: Record<BudgetAction, string> = {
  notify: "Notify: turns go on, the webhook and this page tell you",
  offline: "Offline: turns run without the model (no cost)",
  handoff: "Hand off: new turns go to a person",
};

/** "" is no budget; anything else is read as a number, and a word stays a word for the schema to refuse. */
function amountOf(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

const show = (value: number | null) => (value === null ? "" : String(value));

/** The budget's form: both amounts (blank = none) and the action; a refusal says which field and why. */
export function BudgetForm({ agentKey, budget }: { agentKey: string; budget: BudgetInput }) {
  const router = useRouter();
  const [daily, setDaily] = useState(show(budget.daily_usd));
  const [monthly, setMonthly] = useState(show(budget.monthly_usd));
  const [action, setAction] = useState<BudgetAction>(budget.action);
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();
  const problems = useFormProblems();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = BudgetInput.safeParse({ daily_usd: amountOf(daily), monthly_usd: amountOf(monthly), action });
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form");
        fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
      }
      problems.refused({ message: "Not saved: fix the fields marked below.", fieldErrors });
      return;
    }
    startTransition(async () => {
      const answer = await saveBudget(agentKey, parsed.data);
      if (!answer.ok) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of answer.issues) fieldErrors[issue.path.split(".")[0] ?? "form"] = [issue.message];
        problems.refused({ message: answer.message, fieldErrors });
        return;
      }
      problems.clear();
      setSaved(true);
      router.refresh();
    });
  }

  /** A period's amount field: decimal keyboard, its errors under `<period>_usd`. */
  const amount = (period: "daily" | "monthly", value: string, onChange: (value: string) => void) => ({
    id: `budget-${period}`,
    inputMode: "decimal" as const,
    value,
    onChange,
    errors: problems.errors[`${period}_usd`],
  });

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Budget" noValidate>
      {problems.message ? (
        <Alert variant="danger" title="Budget not saved">
          {problems.message}
        </Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          {...amount("daily", daily, setDaily)}
          label="Daily budget (USD)"
          hint="Per UTC day; blank for none"
        />
        <TextField
          {...amount("monthly", monthly, setMonthly)}
          label="Monthly budget (USD)"
          hint="Per UTC calendar month; blank for none"
        />
        <FormField label="When a budget is spent" htmlFor="budget-action" errors={problems.errors.action}>
          <NativeSelect id="budget-action" value={action} onChange={(e) => setAction(e.target.value as BudgetAction)}>
            {BUDGET_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_WORDS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save budget"}
        </Button>
        {saved && !pending ? (
          <output className="text-muted-foreground text-sm">Saved, and written to the ledger.</output>
        ) : null}
      </div>
    </form>
  );
}
