import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import { keyFromName } from "@/lib/keys/key-from-name";
import { checkScenarioGraph, type ScenarioCheck } from "@/lib/scenarios/scenario-graph-checks";

// The scenario editor's form state. Steps and transitions carry a form-only `uid`, and transitions and
// the entry step point at steps by uid, not by key: typing a new key into a step then never detaches
// its transitions, and two steps briefly sharing a key never merge them. Each loaded step remembers
// its stored key, so a key change is sent as a rename (renamed_steps) and the step keeps its id.

export interface StepForm {
  uid: string;
  /** The key it was loaded with; null for a step added in this edit. */
  original_key: string | null;
  /** false while the key still follows the name (a new step whose key nobody typed). */
  key_edited: boolean;
  key: string;
  name: string;
  instructions: string;
  clarification_hint: string;
  is_terminal: boolean;
}

export interface TransitionForm {
  uid: string;
  /** Step uids; "" when none is chosen. */
  from: string;
  to: string;
  condition_text: string;
  /** One example a line. */
  examples: string;
}

export interface ScenarioForm {
  key: string;
  name: string;
  description: string;
  intent_label: string;
  /** One example a line. */
  entry_examples: string;
  enabled: boolean;
  /** A step uid; "" when none is chosen. */
  entry_step: string;
  steps: StepForm[];
  transitions: TransitionForm[];
}

const stepUid = (key: string) => `step:${key}`;

export function formFromScenario(scenario: BundleScenario): ScenarioForm {
  return {
    key: scenario.key,
    name: scenario.name,
    description: scenario.description,
    intent_label: scenario.intent_label,
    entry_examples: scenario.entry_examples.join("\n"),
    enabled: scenario.enabled,
    entry_step: stepUid(scenario.entry_step),
    steps: scenario.steps.map((step) => ({
      ...step,
      uid: stepUid(step.key),
      original_key: step.key,
      key_edited: true,
    })),
    transitions: scenario.transitions.map((t, i) => ({
      uid: `transition:${i}`,
      from: stepUid(t.from),
      to: stepUid(t.to),
      condition_text: t.condition_text,
      examples: t.examples.join("\n"),
    })),
  };
}

/** Non-blank lines, trimmed: how entry examples and transition examples are typed. */
function linesOf(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The form as the update action takes it: the scenario by keys, and which loaded steps were renamed. */
export function scenarioFromForm(form: ScenarioForm): {
  scenario: BundleScenario;
  renamed_steps: Record<string, string>;
} {
  const keyOf = new Map(form.steps.map((s) => [s.uid, s.key.trim()]));
  const renamed_steps: Record<string, string> = {};
  for (const step of form.steps) {
    if (step.original_key !== null && step.original_key !== step.key.trim()) {
      renamed_steps[step.original_key] = step.key.trim();
    }
  }
  return {
    scenario: {
      key: form.key.trim(),
      name: form.name,
      description: form.description,
      intent_label: form.intent_label.trim(),
      entry_examples: linesOf(form.entry_examples),
      entry_step: keyOf.get(form.entry_step) ?? "",
      enabled: form.enabled,
      steps: form.steps.map((s) => ({
        key: s.key.trim(),
        name: s.name,
        instructions: s.instructions,
        clarification_hint: s.clarification_hint,
        is_terminal: s.is_terminal,
      })),
      transitions: form.transitions.map((t) => ({
        from: keyOf.get(t.from) ?? "",
        to: keyOf.get(t.to) ?? "",
        condition_text: t.condition_text,
        examples: linesOf(t.examples),
      })),
    },
    renamed_steps,
  };
}

// Step and transition ends are checked by the graph checks, which say "choose a step" rather than zod's
// "Use lower-case letters…" for an empty choice: zod's message on those fields would only repeat it.
const GRAPH_FIELDS = /^(entry_step|transitions\[\d+\]\.(from|to))$/;

export interface FormReview {
  scenario: BundleScenario;
  renamed_steps: Record<string, string>;
  /** zod errors of the shared BundleScenario schema, by path ("name", "steps[1].key", "transitions[0].examples"). */
  fieldErrors: Record<string, string[]>;
  checks: ScenarioCheck[];
  /** Errors that block a save: zod's plus the graph's. */
  errorCount: number;
  warningCount: number;
}

/** Everything the editor shows about the form as typed: field errors, graph errors and warnings. */
export function reviewForm(form: ScenarioForm): FormReview {
  const { scenario, renamed_steps } = scenarioFromForm(form);
  const fieldErrors: Record<string, string[]> = {};
  const parsed = BundleScenario.safeParse(scenario);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formatIssuePath(issue.path);
      if (GRAPH_FIELDS.test(path)) continue;
      fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message];
    }
  }
  const checks = checkScenarioGraph(scenario);
  const graphErrors = checks.filter((c) => c.severity === "error").length;
  return {
    scenario,
    renamed_steps,
    fieldErrors,
    checks,
    errorCount: Object.values(fieldErrors).flat().length + graphErrors,
    warningCount: checks.length - graphErrors,
  };
}

/** The first of prefix1, prefix2, … not in `taken`. */
function firstFree(prefix: string, taken: Set<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Appends a step named "Step N" (key step_N), N the first number free for both. Returns its uid. */
export function addStep(form: ScenarioForm): { form: ScenarioForm; uid: string } {
  const uid = firstFree("new-step-", new Set(form.steps.map((s) => s.uid)));
  const keys = new Set(form.steps.map((s) => s.key));
  let n = form.steps.length + 1;
  while (keys.has(`step_${n}`)) n++;
  const step: StepForm = {
    uid,
    original_key: null,
    key_edited: false,
    key: `step_${n}`,
    name: `Step ${n}`,
    instructions: "",
    clarification_hint: "",
    is_terminal: false,
  };
  return { form: { ...form, steps: [...form.steps, step] }, uid };
}

/** Removes a step with every transition into or out of it; the entry step is cleared if it was this one. */
export function removeStep(form: ScenarioForm, uid: string): ScenarioForm {
  return {
    ...form,
    entry_step: form.entry_step === uid ? "" : form.entry_step,
    steps: form.steps.filter((s) => s.uid !== uid),
    transitions: form.transitions.filter((t) => t.from !== uid && t.to !== uid),
  };
}

export function updateStep(form: ScenarioForm, uid: string, patch: Partial<StepForm>): ScenarioForm {
  return {
    ...form,
    steps: form.steps.map((step) => {
      if (step.uid !== uid) return step;
      const next = { ...step, ...patch };
      if (patch.key !== undefined) next.key_edited = true;
      else if (patch.name !== undefined && !step.key_edited) next.key = keyFromName(patch.name, "_");
      return next;
    }),
  };
}

/**
 * Appends a transition out of `from` (default: the first step) to the first other step it does not
 * lead to yet, so a new transition is rarely a duplicate. Returns its uid.
 */
export function addTransition(form: ScenarioForm, from?: string, to?: string): { form: ScenarioForm; uid: string } {
  const uid = firstFree("new-transition-", new Set(form.transitions.map((t) => t.uid)));
  const source = from ?? form.steps[0]?.uid ?? "";
  const linked = new Set(form.transitions.filter((t) => t.from === source).map((t) => t.to));
  const target = to ?? form.steps.find((s) => s.uid !== source && !linked.has(s.uid))?.uid ?? form.steps[0]?.uid ?? "";
  const transition: TransitionForm = { uid, from: source, to: target, condition_text: "", examples: "" };
  return { form: { ...form, transitions: [...form.transitions, transition] }, uid };
}

export function updateTransition(form: ScenarioForm, uid: string, patch: Partial<TransitionForm>): ScenarioForm {
  return { ...form, transitions: form.transitions.map((t) => (t.uid === uid ? { ...t, ...patch } : t)) };
}

export function removeTransition(form: ScenarioForm, uid: string): ScenarioForm {
  return { ...form, transitions: form.transitions.filter((t) => t.uid !== uid) };
}

/** Moves the item with this uid one place up (-1) or down (+1); at either end nothing moves. */
export function moveItem<T extends { uid: string }>(items: T[], uid: string, delta: -1 | 1): T[] {
  const i = items.findIndex((item) => item.uid === uid);
  const j = i + delta;
  if (i === -1 || j < 0 || j >= items.length) return items;
  const next = [...items];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}
