"use client";

import { type Dispatch, type SetStateAction, useState } from "react";
import {
  addStep,
  addTransition,
  moveItem,
  removeStep,
  removeTransition,
  type ScenarioForm,
  type StepForm,
  updateStep,
} from "@/lib/scenarios/scenario-form-state";
import type { EditorSelection } from "./selection";

export interface FormEdits {
  setForm: Dispatch<SetStateAction<ScenarioForm>>;
  update: (patch: Partial<ScenarioForm>) => void;
  addStep: () => void;
  updateStep: (uid: string, patch: Partial<StepForm>) => void;
  moveStep: (uid: string, delta: -1 | 1) => void;
  removeStep: (uid: string) => void;
  /** From the given step (the selected one) or the first; to the given step or the first not linked yet. */
  addTransition: (from?: string, to?: string) => void;
  moveTransition: (uid: string, delta: -1 | 1) => void;
  removeTransition: (uid: string) => void;
}

/**
 * The editor's form, its selection and every edit. An added step or transition is selected (and a new
 * step's name focused), so the designer types into it at once; removing the selected item clears the
 * selection. `onEdit` runs on every edit: the server's errors are about the old values.
 */
export function useScenarioForm(initial: ScenarioForm, initialSelection: EditorSelection, onEdit: () => void) {
  const [form, setFormState] = useState(initial);
  const [selection, setSelectionState] = useState<EditorSelection>(initialSelection);
  const [focusStep, setFocusStep] = useState<string | null>(null);
  // Counts the selections made since the page loaded: the selected card scrolls into view on each one,
  // but not on load, where the page header must stay in sight.
  const [selectionCount, setSelectionCount] = useState(0);
  const setSelection: Dispatch<SetStateAction<EditorSelection>> = (next) => {
    setSelectionState(next);
    setSelectionCount((n) => n + 1);
  };

  const setForm: Dispatch<SetStateAction<ScenarioForm>> = (next) => {
    onEdit();
    setFormState(next);
  };
  const forgetSelection = (removed: (selection: NonNullable<EditorSelection>) => boolean) =>
    setSelection((current) => (current && removed(current) ? null : current));

  const edits: FormEdits = {
    setForm,
    update: (patch) => setForm((current) => ({ ...current, ...patch })),
    addStep: () => {
      const added = addStep(form);
      setForm(added.form);
      setSelection({ kind: "step", uid: added.uid });
      setFocusStep(added.uid);
    },
    updateStep: (uid, patch) => setForm((current) => updateStep(current, uid, patch)),
    moveStep: (uid, delta) => setForm((current) => ({ ...current, steps: moveItem(current.steps, uid, delta) })),
    removeStep: (uid) => {
      const gone = new Set(form.transitions.filter((t) => t.from === uid || t.to === uid).map((t) => t.uid));
      setForm(removeStep(form, uid));
      forgetSelection((s) => s.uid === uid || gone.has(s.uid));
    },
    addTransition: (from, to) => {
      const added = addTransition(form, from, to);
      setForm(added.form);
      setSelection({ kind: "transition", uid: added.uid });
    },
    moveTransition: (uid, delta) =>
      setForm((current) => ({ ...current, transitions: moveItem(current.transitions, uid, delta) })),
    removeTransition: (uid) => {
      setForm(removeTransition(form, uid));
      forgetSelection((s) => s.uid === uid);
    },
  };

  /** After a save: the saved scenario becomes the form, the selection kept by position. */
  const reset = (next: ScenarioForm) => {
    const kind = selection?.kind;
    const list = kind === "step" ? form.steps : form.transitions;
    const at = selection ? list.findIndex((item) => item.uid === selection.uid) : -1;
    const nextList = kind === "step" ? next.steps : next.transitions;
    const uid = at >= 0 ? nextList[at]?.uid : undefined;
    setFormState(next);
    setSelectionState(kind && uid ? { kind, uid } : null);
    setFocusStep(null);
  };

  return { form, selection, setSelection, selectionCount, focusStep, edits, reset };
}
