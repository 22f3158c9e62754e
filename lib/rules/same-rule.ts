import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { type RuleFormState, usesExpression } from "./rule-form-state";

// A rule that says what another already says (same place, same "when", same "then") is almost always a
// copy made by mistake, but saving it is allowed: the editor warns, it does not refuse.

/** Case, spacing and line breaks do not make two sentences different. */
const sameWords = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** CEL is case-sensitive; only spacing is ignored. */
const sameExpression = (a: string, b: string) => a.replace(/\s+/g, "") === b.replace(/\s+/g, "");

type Compared = Pick<
  RuleFormState,
  "key" | "condition_text" | "action_text" | "scope" | "is_hard_constraint" | "enforcement_lane"
> & { scope_ref: string | null; enforcement_expression: string | null };

function sameCondition(a: Compared, b: Compared): boolean {
  if (usesExpression(a) && usesExpression(b)) {
    return sameExpression(a.enforcement_expression ?? "", b.enforcement_expression ?? "");
  }
  return sameWords(a.condition_text, b.condition_text);
}

/**
 * The first other rule with the same scope, condition (the lane-1 expression when both rules enforce one,
 * else the condition text) and action; null when there is none. `editingKey`: the rule being edited, never
 * compared with itself.
 */
export function sameRuleAs(form: Compared, rules: readonly BundleRule[], editingKey: string | null): BundleRule | null {
  const scopeRef = form.scope === "GLOBAL" ? "" : (form.scope_ref ?? "");
  if (!form.action_text.trim() || (!form.condition_text.trim() && !usesExpression(form))) return null;
  return (
    rules.find(
      (rule) =>
        rule.key !== editingKey &&
        rule.scope === form.scope &&
        (rule.scope === "GLOBAL" ? "" : (rule.scope_ref ?? "")) === scopeRef &&
        sameWords(rule.action_text, form.action_text) &&
        sameCondition(form, rule),
    ) ?? null
  );
}
