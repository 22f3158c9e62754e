import type { Bundle, BundleRule, BundleScenario } from "@/lib/engine/contracts/bundle";
import type { BundleIssue } from "@/lib/engine/contracts/bundle-issue";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { plural } from "@/lib/text/plural";

/** The stored scenario an edit replaces, and which of its steps each edited step continues. */
export interface ScenarioReplacement {
  index: number;
  before: BundleScenario;
  /** For each edited step, the index of the stored step it continues (step-identity.ts), or null. */
  match: readonly (number | null)[];
}

/**
 * The rules that would lose their scope: scoped to a step the edit removes (replacing), or to the
 * scenario or any of its steps (deleting: `match` null). Rules point at ids, so a rename is no loss.
 */
export function rulesLosingScope(
  bundle: Bundle,
  before: BundleScenario,
  match: readonly (number | null)[] | null,
): { scope: string; rules: string[] }[] {
  const kept = new Set(match ?? []);
  const lost = match === null ? [before.key] : [];
  before.steps.forEach((step, j) => {
    if (!kept.has(j)) lost.push(`${before.key}/${step.key}`);
  });
  return lost.flatMap((scope) => {
    const rules = bundle.rules.filter((r) => r.scope !== "GLOBAL" && r.scope_ref === scope).map((r) => r.key);
    return rules.length > 0 ? [{ scope, rules }] : [];
  });
}

/** "Step refund/verify is the scope of rule confirm-order-owner": what to change before the save can go. */
export function describeLostScopes(lost: { scope: string; rules: string[] }[]): string {
  return lost
    .map(({ scope, rules }) => {
      const what = scope.includes("/") ? `Step ${scope}` : `Scenario ${scope}`;
      return `${what} is the scope of ${plural(rules.length, "rule")} ${rules.join(", ")}`;
    })
    .join("; ");
}

/**
 * The problems of one scenario as it would sit in the agent's configuration, at paths relative to the
 * scenario ("steps[1].key", "entry_step", "transitions[0].to"): the change is applied to the agent's
 * bundle and checked by the same reference checks a bundle import runs (bundle-references.ts: keys,
 * entry step, transitions, terminal steps, NUL characters). Rules follow a renamed scenario or step (they
 * point at ids), so their scope_refs are renamed along before the check. CEL expressions are not
 * re-checked: a scenario declares no variable, so no edit of one can break an expression.
 */
function scenarioIssues(bundle: Bundle, scenario: BundleScenario, replacing: ScenarioReplacement | null): FieldIssue[] {
  const scenarios = [...bundle.scenarios];
  const index = replacing ? replacing.index : scenarios.length;
  // The reference check reports a duplicate key at the later of the two scenarios, which may be the other one.
  if (scenarios.some((other, i) => i !== index && other.key === scenario.key)) {
    return [{ path: "key", message: `Another scenario already has the key "${scenario.key}"; choose another.` }];
  }
  scenarios[index] = scenario;
  const rules = replacing ? bundle.rules.map((rule) => followRename(rule, replacing, scenario)) : bundle.rules;
  const prefix = `scenarios[${index}]`;
  const issues: BundleIssue[] = validateBundleReferences({ ...bundle, scenarios, rules });
  return issues
    .filter((issue) => issue.path === prefix || issue.path.startsWith(`${prefix}.`))
    .map((issue) => ({ path: issue.path.slice(prefix.length).replace(/^\./, "") || "(root)", message: issue.message }));
}

function followRename(rule: BundleRule, replacing: ScenarioReplacement, scenario: BundleScenario): BundleRule {
  const { before, match } = replacing;
  if (rule.scope === "SCENARIO" && rule.scope_ref === before.key) return { ...rule, scope_ref: scenario.key };
  if (rule.scope !== "STEP" || !rule.scope_ref?.startsWith(`${before.key}/`)) return rule;
  const stepKey = rule.scope_ref.slice(before.key.length + 1);
  const stored = before.steps.findIndex((s) => s.key === stepKey);
  const edited = match.indexOf(stored);
  const step = edited === -1 ? undefined : scenario.steps[edited];
  // A rule whose step is removed is refused before this check (rulesLosingScope); leave it as it was.
  return step ? { ...rule, scope_ref: `${scenario.key}/${step.key}` } : rule;
}

/** Throws VALIDATION when the scenario does not fit the agent or would strand rules; nothing is written then. */
export function assertScenarioFits(
  bundle: Bundle,
  scenario: BundleScenario,
  replacing: ScenarioReplacement | null,
): void {
  if (replacing) {
    const lost = rulesLosingScope(bundle, replacing.before, replacing.match);
    if (lost.length > 0) {
      const message = `${describeLostScopes(lost)}. Change their scope on the Rules page first, or keep the step; nothing was saved.`;
      throw new AppError("VALIDATION", message, [{ path: "steps", message }]);
    }
  }
  const issues = scenarioIssues(bundle, scenario, replacing);
  if (issues.length === 0) return;
  throw new AppError("VALIDATION", `The scenario has ${plural(issues.length, "problem")}; nothing was saved.`, issues);
}
