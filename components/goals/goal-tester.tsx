"use client";

import { type FormEvent, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ValueOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { validateGoalReformulationAction } from "@/lib/actions/goals/validate-goal-reformulation";
import { ALLOWED_REFORMULATION_TYPES, type ReformulationVerdict } from "@/lib/engine/contracts/goal-state";
import { EvidenceListEditor } from "./evidence-list-editor";
import { GOAL_EXAMPLES, type TesterValues } from "./goal-examples";
import { GoalVerdict } from "./goal-verdict";

type Problems = { message?: string; fieldErrors?: Record<string, string[]> };

const FIRST_EXAMPLE = GOAL_EXAMPLES[0]?.values;
const BLANK: TesterValues = { original: "", reformulated: "", type: "clarification", confidence: "", evidence: [] };

/**
 * The goal tester: a candidate against the five reformulation criteria (docs/goals.md), computed on
 * the server, nothing stored.
 */
export function GoalTester() {
  const [values, setValues] = useState<TesterValues>(FIRST_EXAMPLE ?? BLANK);
  const [verdict, setVerdict] = useState<ReformulationVerdict | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [pending, startTransition] = useTransition();
  const set = (patch: Partial<TesterValues>) => setValues((current) => ({ ...current, ...patch }));

  function check(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const confidence = values.confidence.trim() === "" ? Number.NaN : Number(values.confidence);
      const result = await validateGoalReformulationAction({ ...values, confidence });
      if (result.ok) {
        setVerdict(result.data);
        setProblems({});
      } else {
        setVerdict(null);
        setProblems({ message: result.message, fieldErrors: result.fieldErrors });
      }
    });
  }

  const errors = problems.fieldErrors ?? {};
  const field = textFieldsOf({ id: "goal", form: values, update: set, errors: (key) => errors[key] });
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <form onSubmit={check} className="flex flex-col gap-3" aria-label="Goal reformulation candidate">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Examples</legend>
          {GOAL_EXAMPLES.map((example) => (
            <Button key={example.label} type="button" variant="outline" size="sm" onClick={() => set(example.values)}>
              {example.label}
            </Button>
          ))}
        </fieldset>
        {problems.message ? <Alert variant="danger">{problems.message}</Alert> : null}
        <TextField {...field("original")} label="Original goal" required multiline />
        <TextField {...field("reformulated", "candidate")} label="Candidate reformulation" required multiline />
        <div className="grid grid-cols-2 gap-3">
          <SelectField {...field("type")} label="Claimed type">
            <ValueOptions values={ALLOWED_REFORMULATION_TYPES} label={(type) => type.replaceAll("_", " ")} />
          </SelectField>
          <TextField
            {...field("confidence")}
            label="Confidence"
            hint="0 to 1; ≥ 0.9 passes"
            inputMode="decimal"
            inputClassName="font-mono"
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-sm">Evidence</legend>
          <EvidenceListEditor items={values.evidence} onChange={(evidence) => set({ evidence })} />
          {errors.evidence ? <p className="text-destructive text-xs">{errors.evidence.join(" ")}</p> : null}
        </fieldset>
        <div>
          <Button type="submit" pending={pending} data-testid="goal-check">
            Check candidate
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {verdict ? (
          <GoalVerdict verdict={verdict} />
        ) : (
          <EmptyState
            title="No verdict yet"
            description="Pick an example or type an original goal and a candidate, then Check candidate. Nothing is stored."
          />
        )}
      </div>
    </div>
  );
}
