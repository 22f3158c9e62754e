"use client";

import { Badge } from "@/components/ui/badge";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/select";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { StepForm, TransitionForm } from "@/lib/scenarios/scenario-form-state";
import type { ErrorLookup } from "./form-errors";
import { ItemCard } from "./item-card";

interface TransitionCardProps {
  transition: TransitionForm;
  index: number;
  count: number;
  steps: StepForm[];
  selected: boolean;
  hasGraphError: boolean;
  errors: ErrorLookup;
  edit: {
    update: (patch: Partial<TransitionForm>) => void;
    move: (delta: -1 | 1) => void;
    remove: () => void;
  } | null;
  onToggle: () => void;
  /** Changes on every selection made since load: a selected card scrolls into view then (0: the load). */
  scrollKey: number;
}

/** One transition: "from → to" and its condition on one line; the selected one shows every field. */
export function TransitionCard(props: TransitionCardProps) {
  const { transition, index, count, steps, selected, hasGraphError, errors, edit, onToggle, scrollKey } = props;
  const id = `transition-${transition.uid.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const at = `transitions[${index}]`;
  const field = textFieldsOf({
    id,
    form: transition,
    update: (patch) => edit?.update(patch),
    errors: (key) => errors(`${at}.${key}`),
  });
  const keyOf = (uid: string) => steps.find((s) => s.uid === uid)?.key || "(none)";
  const summary = `${keyOf(transition.from)} → ${keyOf(transition.to)}`;
  const hasError =
    hasGraphError || ["condition_text", "examples"].some((f) => errors(`${at}.${f}`)) || Boolean(errors(at));

  const stepOptions = (value: string) => (
    <>
      {value === "" || !steps.some((s) => s.uid === value) ? <option value="">Choose a step…</option> : null}
      {steps.map((step) => (
        <option key={step.uid} value={step.uid}>
          {step.name || "(no name)"} ({step.key})
        </option>
      ))}
    </>
  );

  return (
    <ItemCard
      id={id}
      label={`Transition ${index + 1}: ${summary}`}
      testId="transition-card"
      index={index}
      count={count}
      selected={selected}
      scrollKey={scrollKey}
      onToggle={onToggle}
      summary={
        <>
          <span className="shrink-0 font-mono text-xs">{summary}</span>
          <span className="truncate text-muted-foreground text-xs">{transition.condition_text}</span>
        </>
      }
      badges={hasError ? <Badge variant="danger">error</Badge> : null}
      what={`transition ${index + 1}`}
      legend={`transition ${summary}`}
      edit={edit}
    >
      {errors(at) ? <p className="text-destructive text-xs">{errors(at)?.join(" ")}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        <FormField label="From" htmlFor={`${id}-from`} required errors={errors(`${at}.from`)}>
          <NativeSelect
            id={`${id}-from`}
            value={transition.from}
            onChange={(e) => edit?.update({ from: e.target.value })}
          >
            {stepOptions(transition.from)}
          </NativeSelect>
        </FormField>
        <FormField label="To" htmlFor={`${id}-to`} required errors={errors(`${at}.to`)}>
          <NativeSelect id={`${id}-to`} value={transition.to} onChange={(e) => edit?.update({ to: e.target.value })}>
            {stepOptions(transition.to)}
          </NativeSelect>
        </FormField>
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
