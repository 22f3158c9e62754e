// The checks of a scenario's step graph, shown live in the editor and on the graph. Errors are the
// ones a save is refused for (the same rules as bundle import's checkScenario in
// lib/engine/contracts/bundle-references.ts, so the editor says it before the server does); warnings
// are legal but probably unintended: a save is allowed and they stay visible. Pure: keys in, checks out.

/** The part of a BundleScenario the graph is made of; transitions refer to steps by key. */
export interface ScenarioGraphInput {
  entry_step: string;
  steps: readonly { key: string; is_terminal: boolean }[];
  transitions: readonly { from: string; to: string }[];
}

type ScenarioCheckCode =
  | "entry_missing"
  | "entry_unknown"
  | "duplicate_step_key"
  | "unknown_from"
  | "unknown_to"
  | "terminal_outgoing"
  | "duplicate_transition"
  | "unreachable"
  | "dead_end";

export interface ScenarioCheck {
  severity: "error" | "warning";
  code: ScenarioCheckCode;
  /** The field it is about, as a BundleScenario path: "entry_step", "steps[2].key", "transitions[1].to". */
  path: string;
  /** Index in `steps` of the step it concerns, if any. */
  step?: number;
  /** Index in `transitions` of the transition it concerns, if any. */
  transition?: number;
  message: string;
}

/** Every problem of the graph: errors first, then warnings, each in the order of the steps and transitions. */
export function checkScenarioGraph(scenario: ScenarioGraphInput): ScenarioCheck[] {
  const errors: ScenarioCheck[] = [];
  const error = (check: Omit<ScenarioCheck, "severity">) => errors.push({ severity: "error", ...check });

  // Key → index of its first step; a later step with the same key is the duplicate (as import reports it).
  const stepIndex = new Map<string, number>();
  scenario.steps.forEach((step, i) => {
    const first = stepIndex.get(step.key);
    if (first === undefined) stepIndex.set(step.key, i);
    else {
      error({
        code: "duplicate_step_key",
        path: `steps[${i}].key`,
        step: i,
        message: `Step ${i + 1} uses the key "${step.key}" of step ${first + 1}; each step needs its own key.`,
      });
    }
  });

  const entry = scenario.entry_step;
  const entryKnown = stepIndex.has(entry);
  if (entry.trim() === "") {
    error({
      code: "entry_missing",
      path: "entry_step",
      message: "Choose the entry step: where a conversation starts.",
    });
  } else if (!entryKnown) {
    error({
      code: "entry_unknown",
      path: "entry_step",
      message: `The entry step "${entry}" is not a step of this scenario; choose one of its steps.`,
    });
  }

  const pairs = new Map<string, number>();
  scenario.transitions.forEach((transition, j) => {
    const from = stepIndex.get(transition.from);
    if (from === undefined) {
      error({
        code: "unknown_from",
        path: `transitions[${j}].from`,
        transition: j,
        message: `Transition ${j + 1} starts at "${transition.from}", which is not a step of this scenario.`,
      });
    } else if (scenario.steps[from]?.is_terminal) {
      error({
        code: "terminal_outgoing",
        path: `transitions[${j}].from`,
        step: from,
        transition: j,
        message: `"${transition.from}" is terminal: the scenario ends there, so transition ${j + 1} cannot leave it. Remove the transition or untick terminal.`,
      });
    }
    if (!stepIndex.has(transition.to)) {
      error({
        code: "unknown_to",
        path: `transitions[${j}].to`,
        transition: j,
        message: `Transition ${j + 1} goes to "${transition.to}", which is not a step of this scenario.`,
      });
    }
    const pair = `${transition.from}\u0000${transition.to}`;
    const first = pairs.get(pair);
    if (first === undefined) pairs.set(pair, j);
    else {
      error({
        code: "duplicate_transition",
        path: `transitions[${j}]`,
        transition: j,
        message: `Transition ${j + 1} repeats ${transition.from} → ${transition.to} (transition ${first + 1}); merge their conditions and examples.`,
      });
    }
  });

  return [...errors, ...graphWarnings(scenario, stepIndex, entryKnown)];
}

function graphWarnings(
  scenario: ScenarioGraphInput,
  stepIndex: Map<string, number>,
  entryKnown: boolean,
): ScenarioCheck[] {
  const warnings: ScenarioCheck[] = [];
  const outgoing = new Map<string, string[]>();
  for (const t of scenario.transitions) outgoing.set(t.from, [...(outgoing.get(t.from) ?? []), t.to]);

  // Without a valid entry step every step would be "unreachable": the entry error says it once instead.
  const reached = new Set<string>();
  if (entryKnown) {
    const queue = [scenario.entry_step];
    reached.add(scenario.entry_step);
    while (queue.length > 0) {
      const key = queue.shift() as string;
      for (const next of outgoing.get(key) ?? []) {
        if (!stepIndex.has(next) || reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
  }

  scenario.steps.forEach((step, i) => {
    // A duplicate key has its own error; it would repeat its twin's warnings here.
    if (stepIndex.get(step.key) !== i) return;
    if (entryKnown && !reached.has(step.key)) {
      warnings.push({
        severity: "warning",
        code: "unreachable",
        path: `steps[${i}]`,
        step: i,
        message: `"${step.key}" is unreachable: no path of transitions leads to it from the entry step "${scenario.entry_step}". Add a transition into it, or remove it.`,
      });
    }
    if (!step.is_terminal && !outgoing.has(step.key)) {
      warnings.push({
        severity: "warning",
        code: "dead_end",
        path: `steps[${i}]`,
        step: i,
        message: `"${step.key}" is a dead end: it is not terminal and no transition leaves it, so a conversation that gets there stays there. Add a transition out, or mark it terminal.`,
      });
    }
  });
  return warnings;
}
