import type { ScenarioForm } from "@/lib/scenarios/scenario-form-state";
import type { ScenarioCheck } from "@/lib/scenarios/scenario-graph-checks";

// The checks (by index into the scenario) as marks on the form's steps and transitions (by uid):
// what the graph, the step list and the transition list draw.

export interface StepMarks {
  unreachable: boolean;
  deadEnd: boolean;
  error: boolean;
}

export interface GraphMarks {
  steps: Map<string, StepMarks>;
  /** Transitions with an error (unknown end, out of a terminal step, repeated pair). */
  transitionErrors: Set<string>;
}

const NO_MARKS: StepMarks = { unreachable: false, deadEnd: false, error: false };

export function marksFromChecks(form: ScenarioForm, checks: readonly ScenarioCheck[]): GraphMarks {
  const steps = new Map<string, StepMarks>();
  const transitionErrors = new Set<string>();
  for (const check of checks) {
    const transition = check.transition === undefined ? undefined : form.transitions[check.transition];
    if (transition && check.severity === "error") transitionErrors.add(transition.uid);
    const step = check.step === undefined ? undefined : form.steps[check.step];
    // A transition's error belongs to the transition; only the step's own problems mark the step.
    if (!step || (transition && check.code !== "terminal_outgoing")) continue;
    const marks = { ...(steps.get(step.uid) ?? NO_MARKS) };
    if (check.code === "unreachable") marks.unreachable = true;
    else if (check.code === "dead_end") marks.deadEnd = true;
    else if (check.severity === "error") marks.error = true;
    steps.set(step.uid, marks);
  }
  return { steps, transitionErrors };
}

export function stepMarks(marks: GraphMarks, uid: string): StepMarks {
  return marks.steps.get(uid) ?? NO_MARKS;
}
