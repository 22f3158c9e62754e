"use client";

import { type ScenarioForm, type TransitionForm, updateTransition } from "@/lib/scenarios/scenario-form-state";
import type { ErrorLookup } from "./form-errors";
import { type GraphMarks, stepMarks } from "./graph-marks";
import { AddButton, ItemListSection } from "./item-list-section";
import type { EditorSelection } from "./selection";
import { StepCard } from "./step-card";
import { TransitionCard } from "./transition-card";
import type { FormEdits } from "./use-scenario-form";

interface SectionProps {
  form: ScenarioForm;
  marks: GraphMarks;
  selection: EditorSelection;
  onSelect: (selection: EditorSelection) => void;
  errors: ErrorLookup;
  /** null for a viewer. */
  edits: FormEdits | null;
  /** Selections made since load: the selected card scrolls into view on each, not on load. */
  selectionCount: number;
}

const toggle = (selection: EditorSelection, kind: "step" | "transition", uid: string): EditorSelection =>
  selection?.kind === kind && selection.uid === uid ? null : { kind, uid };

/** The steps in authored order, with add / remove / reorder for designers. */
export function StepsSection({
  form,
  marks,
  selection,
  onSelect,
  errors,
  edits,
  selectionCount,
  ruleScopes,
  scenarioKey,
  agentKey,
  focusStep,
}: SectionProps & {
  ruleScopes: Record<string, string[]>;
  /** The scenario's stored key: rule scopes are "scenario/step" by stored keys. */
  scenarioKey: string;
  agentKey: string;
  /** The step just added: its name field takes the focus. */
  focusStep: string | null;
}) {
  return (
    <ItemListSection
      id="steps-heading"
      title="Steps"
      count={form.steps.length}
      add={edits ? <AddButton label="Add step" onClick={edits.addStep} /> : null}
      errors={errors("steps")}
      empty="A scenario needs at least one step: add one, then choose it as the entry step."
    >
      {form.steps.map((step, index) => (
        <StepCard
          key={step.uid}
          step={step}
          index={index}
          count={form.steps.length}
          entry={step.uid === form.entry_step}
          marks={stepMarks(marks, step.uid)}
          selected={selection?.kind === "step" && selection.uid === step.uid}
          rules={step.original_key ? (ruleScopes[`${scenarioKey}/${step.original_key}`] ?? []) : []}
          agentKey={agentKey}
          errors={errors}
          focusName={focusStep === step.uid}
          scrollKey={selectionCount}
          onToggle={() => onSelect(toggle(selection, "step", step.uid))}
          edit={
            edits
              ? {
                  update: (patch) => edits.updateStep(step.uid, patch),
                  move: (delta) => edits.moveStep(step.uid, delta),
                  remove: () => edits.removeStep(step.uid),
                }
              : null
          }
        />
      ))}
    </ItemListSection>
  );
}

/** The transitions in authored order, with add / remove / reorder for designers. */
export function TransitionsSection({ form, marks, selection, onSelect, errors, edits, selectionCount }: SectionProps) {
  const fromSelected = selection?.kind === "step" ? selection.uid : undefined;
  return (
    <ItemListSection
      id="transitions-heading"
      title="Transitions"
      count={form.transitions.length}
      add={
        edits ? (
          <AddButton
            label="Add transition"
            disabled={form.steps.length === 0}
            onClick={() => edits.addTransition(fromSelected)}
          />
        ) : null
      }
      empty={`No transitions: the conversation stays in the entry step.${edits ? " Add one, or drag from a step's bottom handle to another step on the graph." : ""}`}
    >
      {form.transitions.map((transition, index) => (
        <TransitionCard
          key={transition.uid}
          transition={transition}
          index={index}
          count={form.transitions.length}
          steps={form.steps}
          selected={selection?.kind === "transition" && selection.uid === transition.uid}
          hasGraphError={marks.transitionErrors.has(transition.uid)}
          scrollKey={selectionCount}
          errors={errors}
          onToggle={() => onSelect(toggle(selection, "transition", transition.uid))}
          edit={
            edits
              ? {
                  update: (patch: Partial<TransitionForm>) =>
                    edits.setForm((current) => updateTransition(current, transition.uid, patch)),
                  move: (delta) => edits.moveTransition(transition.uid, delta),
                  remove: () => edits.removeTransition(transition.uid),
                }
              : null
          }
        />
      ))}
    </ItemListSection>
  );
}
