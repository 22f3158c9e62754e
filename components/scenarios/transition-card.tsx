"use client";

import { Badge } from "@/components/ui/badge";
import { LabelledOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { StepForm, TransitionForm } from "@/lib/scenarios/scenario-form-state";
import type { ErrorLookup } from "./form-errors";
import { ItemCard, itemTextFields, type ListItemProps } from "./item-card";

interface TransitionCardProps extends ListItemProps<TransitionForm> {
  transition: TransitionForm;
  steps: StepForm[];
  hasGraphError: boolean;
  errors: ErrorLookup;
}

/** One transition: "from → to" and its condition on one line; the selected one shows every field. */
export function TransitionCard(props: TransitionCardProps) {
  const { transition, steps, hasGraphError, errors, ...item } = props;
  const { index, edit } = item;
  const id = `transition-${transition.uid.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const at = `transitions[${index}]`;
  const field = itemTextFields(id, at, transition, edit, errors);
  const keyOf = (uid: string) => steps.find((s) => s.uid === uid)?.key || "(none)";
  const summary = `${keyOf(transition.from)} → ${keyOf(transition.to)}`;
  const hasError =
    hasGraphError || ["condition_text", "examples"].some((f) => errors(`${at}.${f}`)) || Boolean(errors(at));

  const stepOptions = (value: string) => (
    <>
      {value === "" || !steps.some((s) => s.uid === value) ? <option value="">Choose a step…</option> : null}
      <LabelledOptions
        options={steps.map((step) => ({
          value: step.uid,
          label: `${step.name || "(no name)"} (${step.key})`,
        }))}
      />
    </>
  );

  return (
    <ItemCard
      {...item}
      id={id}
      label={`Transition ${index + 1}: ${summary}`}
      testId="transition-card"
      summary={
        <>
          <span className="shrink-0 font-mono text-xs">{summary}</span>
          <span className="truncate text-muted-foreground text-xs">{transition.condition_text}</span>
        </>
      }
      badges={hasError ? <Badge variant="danger">error</Badge> : null}
      what={`transition ${index + 1}`}
      legend={`transition ${summary}`}
    >
      {errors(at) ? <p className="text-destructive text-xs">{errors(at)?.join(" ")}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        <SelectField {...field("from")} label="From" required>
          {stepOptions(transition.from)}
        </SelectField>
        <SelectField {...field("to")} label="To" required>
          {stepOptions(transition.to)}
        </SelectField>
      </div>
      <TextField
        {...field("condition_text", "condition")}
        label="Condition"
        multiline
        maxLength={TEXT_LIMITS.description}
        inputClassName="min-h-12"
        hint="When the conversation moves on: scored against the customer's message."
      />
      <TextField
        {...field("examples")}
        label="Examples"
        multiline
        hint="One a line: messages that should take this transition."
      />
    </ItemCard>
  );
}
