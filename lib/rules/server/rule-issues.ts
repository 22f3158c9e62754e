import type { Bundle, BundleRule } from "@/lib/engine/contracts/bundle";
import { validateBundleExpressions } from "@/lib/engine/contracts/bundle-expressions";
import type { BundleIssue } from "@/lib/engine/contracts/bundle-issue";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { plural } from "@/lib/text/plural";

/**
 * The problems of one rule as it would sit in the agent's configuration, as form field errors
 * ("scope_ref", "enforcement_expression", "attached_tools"): the change is applied to the agent's
 * bundle and checked by the same reference, lane and CEL checks a bundle import runs. Only issues
 * of this rule count, so a problem elsewhere in the stored configuration does not block the save.
 * `replacing`: the key of the rule this one replaces (an edit); null adds it (create, duplicate).
 */
function ruleIssues(bundle: Bundle, rule: BundleRule, replacing: string | null): FieldIssue[] {
  const others = bundle.rules.filter((r) => r.key !== replacing);
  if (others.some((r) => r.key === rule.key)) {
    return [{ path: "key", message: `Another rule already has the key "${rule.key}"; choose another.` }];
  }
  // The rule goes last, so its index is known and a duplicate-key report could only land on it.
  const index = others.length;
  const candidate: Bundle = { ...bundle, rules: [...others, rule] };
  const prefix = `rules[${index}]`;
  const issues: BundleIssue[] = [...validateBundleReferences(candidate), ...validateBundleExpressions(candidate)];
  return issues
    .filter((issue) => issue.path === prefix || issue.path.startsWith(`${prefix}.`))
    .map((issue) => ({ path: fieldOf(issue.path.slice(prefix.length)), message: issue.message }));
}

/** ".attached_tools[1]" → "attached_tools"; the rule itself → "(root)". */
function fieldOf(rest: string): string {
  return /^\.([a-z_]+)/.exec(rest)?.[1] ?? "(root)";
}

/** Throws VALIDATION with the rule's field errors when it has any; nothing is written then. */
export function assertRuleFits(bundle: Bundle, rule: BundleRule, replacing: string | null): void {
  const issues = ruleIssues(bundle, rule, replacing);
  if (issues.length === 0) return;
  const n = issues.length;
  throw new AppError("VALIDATION", `The rule has ${plural(n, "problem")}; nothing was saved.`, issues);
}
