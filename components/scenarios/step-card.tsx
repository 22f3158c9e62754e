"use client";

import { useEffect, useRef } from "react";
import { RuleLink } from "@/components/rules/rule-link";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { TextField } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import type { StepForm } from "@/lib/scenarios/scenario-form-state";
import type { ErrorLookup } from "./form-errors";
import type { StepMarks } from "./graph-marks";
import { ItemCard, itemTextFields, type ListItemProps } from "./item-card";

interface StepCardProps extends ListItemProps<StepForm> {
  step: StepForm;
  entry: boolean;
  marks: StepMarks;
  /** Rules scoped to this step (by its loaded key). */
  rules: string[];
  agentKey: string;
  errors: ErrorLookup;
  /** Move keyboard focus to the name field once (a step just added). */
  focusName: boolean;
}

/** One step: a summary line that selects it; the selected step shows every field. */
export function StepCard(props: StepCardProps) {
  const { step, entry, marks, rules, agentKey, errors, focusName, ...item } = props;
  const { index, edit } = item;
  const nameRef = useRef<HTMLInputElement>(null);
  const id = `step-${step.uid.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const at = `steps[${index}]`;
  const field = itemTextFields(id, at, step, edit, errors);
  const label = step.name || step.key || `step ${index + 1}`;
  const hasError =
    marks.error || ["key", "name", "instructions", "clarification_hint"].some((f) => errors(`${at}.${f}`));

  useEffect(() => {
    if (focusName) nameRef.current?.focus();
  }, [focusName]);

  return (
    <ItemCard
      {...item}
      id={id}
      label={`Step ${index + 1}: ${label}`}
      testId="step-card"
      stepKey={step.key}
      summary={
        <>
          <span className="truncate font-medium text-sm">{label}</span>
          <Mono className="truncate text-muted-foreground text-xs">{step.key}</Mono>
        </>
      }
      badges={
        <div className="flex shrink-0 flex-wrap gap-1">
          {entry ? <Badge variant="info">entry</Badge> : null}
          {step.is_terminal ? <Badge variant="neutral">terminal</Badge> : null}
          {marks.unreachable ? <Badge variant="warning">unreachable</Badge> : null}
          {marks.deadEnd ? <Badge variant="warning">dead end</Badge> : null}
          {hasError ? <Badge variant="danger">error</Badge> : null}
          {rules.length > 0 ? (
            <Badge variant="neutral" title={`Scope of ${rules.join(", ")}`}>
              {rules.length} {rules.length === 1 ? "rule" : "rules"}
            </Badge>
          ) : null}
        </div>
      }
      what={`step ${label}`}
      legend={`step ${label}`}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
        <TextField {...field("name")} ref={nameRef} label="Name" required maxLength={TEXT_LIMITS.name} />
        <TextField
          {...field("key")}
          label="Key"
          required
          hint={step.original_key ? "A new key keeps the step: sessions and rules stay on it." : undefined}
          maxLength={TEXT_LIMITS.key}
          inputClassName="font-mono text-xs"
        />
      </div>
      <TextField
        {...field("instructions")}
        label="Instructions"
        multiline
        maxLength={TEXT_LIMITS.instructions}
        hint="Told to the model while the conversation is in this step."
      />
      <TextField
        {...field("clarification_hint", "hint")}
        label="Clarification hint"
        multiline
        maxLength={TEXT_LIMITS.description}
        inputClassName="min-h-12"
        hint="The question asked when the customer's message is too vague to act on."
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={step.is_terminal}
          onChange={(e) => edit?.update({ is_terminal: e.target.checked })}
        />
        Terminal: the scenario ends in this step (no transition may leave it)
      </label>
      {rules.length > 0 ? (
        <p className="text-muted-foreground text-xs">
          Scope of{" "}
          {rules.map((rule, i) => (
            <span key={rule}>
              {i > 0 ? ", " : null}
              <RuleLink agentKey={agentKey} ruleKey={rule} className="underline underline-offset-4" />
            </span>
          ))}
          : removing this step is refused while they point at it.
        </p>
      ) : null}
    </ItemCard>
  );
}
