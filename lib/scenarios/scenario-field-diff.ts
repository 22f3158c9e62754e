import { diffEntityFields, type EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import { BundleScenario, BundleStep, BundleTransition } from "@/lib/engine/contracts/bundle";
import { matchSteps, type StepRenames } from "./step-identity";

// The CONFIG_CHANGED diff of one scenario save. Created, duplicated and deleted scenarios list every
// field, steps and transitions as whole arrays (diffEntityFields). An edit lists what a reader of the
// history wants to see: the scenario's own fields, then per step "steps.<key>.<field>" (a whole step
// under "steps.<key>" when added or removed), then per transition "transitions.<from>→<to>" likewise,
// and "step_order" / "transition_order" when kept items were reordered. A step is matched across the
// edit by key or by its rename (step-identity.ts), a transition by the steps it joins.

type Scenario = BundleScenario;
type Step = Scenario["steps"][number];
type Transition = Scenario["transitions"][number];

const SCENARIO_FIELDS = Object.keys(BundleScenario.shape) as (keyof Scenario & string)[];
const OWN_FIELDS = SCENARIO_FIELDS.filter((f) => f !== "steps" && f !== "transitions");
const STEP_FIELDS = Object.keys(BundleStep.shape) as (keyof Step & string)[];
// from and to identify a transition; a step rename shows once, as that step's key change.
const TRANSITION_FIELDS = (Object.keys(BundleTransition.shape) as (keyof Transition & string)[]).filter(
  (f) => f !== "from" && f !== "to",
);

export function diffScenarioFields(
  before: Scenario | null,
  after: Scenario | null,
  renamed: StepRenames = {},
): EntityFieldDiff {
  if (before === null || after === null) return diffEntityFields(SCENARIO_FIELDS, before, after);
  const diff: EntityFieldDiff = diffEntityFields(OWN_FIELDS, before, after);
  const put = (field: string, from: unknown, to: unknown) => {
    // A removed and an added item can share a name (a key renamed away, then reused): one row, both sides.
    const existing = diff[field];
    diff[field] = { before: existing?.before ?? from, after: existing?.after ?? to };
  };

  const match = matchSteps(before.steps, after.steps, renamed);
  const kept = new Set<number>();
  after.steps.forEach((step, i) => {
    const j = match[i];
    const previous = j === null || j === undefined ? undefined : before.steps[j];
    if (j === null || j === undefined || !previous) {
      put(`steps.${step.key}`, null, step);
      return;
    }
    kept.add(j);
    for (const [field, change] of Object.entries(diffEntityFields(STEP_FIELDS, previous, step))) {
      put(`steps.${step.key}.${field}`, change.before, change.after);
    }
  });
  before.steps.forEach((step, j) => {
    if (!kept.has(j)) put(`steps.${step.key}`, step, null);
  });
  const keptOrder = match.filter((j): j is number => j !== null);
  if (keptOrder.some((j, i) => i > 0 && j < (keptOrder[i - 1] ?? 0))) {
    put(
      "step_order",
      before.steps.map((s) => s.key),
      after.steps.map((s) => s.key),
    );
  }

  diffTransitions(before, after, match, put);
  return diff;
}

function diffTransitions(
  before: Scenario,
  after: Scenario,
  match: (number | null)[],
  put: (field: string, from: unknown, to: unknown) => void,
): void {
  // A transition's identity is the pair of stored steps it joins; an edge to a new step is new.
  const storedKey = new Map<string, string>();
  after.steps.forEach((step, i) => {
    const j = match[i];
    const previous = j === null || j === undefined ? undefined : before.steps[j];
    storedKey.set(step.key, previous ? previous.key : `\u0000new:${step.key}`);
  });
  const idOf = (t: Transition, map?: Map<string, string>) =>
    `${map?.get(t.from) ?? t.from}\u0000${map?.get(t.to) ?? t.to}`;
  const label = (t: Transition) => `${t.from}→${t.to}`;

  const beforeIndex = new Map<string, number>();
  before.transitions.forEach((t, j) => {
    if (!beforeIndex.has(idOf(t))) beforeIndex.set(idOf(t), j);
  });
  const kept = new Set<number>();
  const keptOrder: number[] = [];
  for (const t of after.transitions) {
    const j = beforeIndex.get(idOf(t, storedKey));
    const previous = j === undefined || kept.has(j) ? undefined : before.transitions[j];
    if (j === undefined || !previous) {
      put(`transitions.${label(t)}`, null, t);
      continue;
    }
    kept.add(j);
    keptOrder.push(j);
    for (const [field, change] of Object.entries(diffEntityFields(TRANSITION_FIELDS, previous, t))) {
      put(`transitions.${label(t)}.${field}`, change.before, change.after);
    }
  }
  before.transitions.forEach((t, j) => {
    if (!kept.has(j)) put(`transitions.${label(t)}`, t, null);
  });
  if (keptOrder.some((j, i) => i > 0 && j < (keptOrder[i - 1] ?? 0))) {
    put("transition_order", before.transitions.map(label), after.transitions.map(label));
  }
}
