import type { BundleRule } from "@/lib/engine/contracts/bundle";

// The editor's form state: what the inputs hold (numbers as typed text, the expression kept even
// while the rule is not a lane-1 hard constraint, so toggling "hard" does not lose it), and the
// conversion to the rule the actions take.

export interface RuleFormState {
  key: string;
  name: string;
  condition_text: string;
  action_text: string;
  scope: BundleRule["scope"];
  /** "" until a target is picked; ignored for GLOBAL. */
  scope_ref: string;
  priority: string;
  is_hard_constraint: boolean;
  enforcement_expression: string;
  enforcement_lane: BundleRule["enforcement_lane"];
  on_violation: BundleRule["on_violation"];
  attached_tools: string[];
  /** Blank: no limit. */
  max_fires_per_session: string;
  cooldown_turns: string;
  enabled: boolean;
}

export const NEW_RULE_FORM: RuleFormState = {
  key: "",
  name: "",
  condition_text: "",
  action_text: "",
  scope: "GLOBAL",
  scope_ref: "",
  priority: "0",
  is_hard_constraint: false,
  enforcement_expression: "",
  enforcement_lane: "deterministic",
  on_violation: "fallback",
  attached_tools: [],
  max_fires_per_session: "",
  cooldown_turns: "0",
  enabled: true,
};

export function formFromRule(rule: BundleRule): RuleFormState {
  return {
    ...rule,
    scope_ref: rule.scope_ref ?? "",
    priority: String(rule.priority),
    enforcement_expression: rule.enforcement_expression ?? "",
    max_fires_per_session: rule.max_fires_per_session === null ? "" : String(rule.max_fires_per_session),
    cooldown_turns: String(rule.cooldown_turns),
  };
}

/** True when the rule is enforced by a CEL expression (lane 1), the only case that keeps one. */
export function usesExpression(form: Pick<RuleFormState, "is_hard_constraint" | "enforcement_lane">): boolean {
  return form.is_hard_constraint && form.enforcement_lane === "deterministic";
}

const WHOLE_NUMBER = /^-?\d+$/;

export type RuleFromForm = { ok: true; rule: BundleRule } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * The form as a rule. Number fields that are not whole numbers are caught here, with a plain message;
 * every other check (limits, references, CEL) is the server's, from the shared BundleRule schema.
 */
export function ruleFromForm(form: RuleFormState): RuleFromForm {
  const fieldErrors: Record<string, string[]> = {};
  /** A whole number, `ifBlank` for an empty field (the bundle's default: 0, or null = no limit). */
  const whole = (field: "priority" | "cooldown_turns" | "max_fires_per_session", ifBlank: number | null) => {
    const text = form[field].trim();
    if (text === "") return ifBlank;
    if (WHOLE_NUMBER.test(text)) return Number(text);
    fieldErrors[field] = ["Enter a whole number."];
    return null;
  };
  const rule: BundleRule = {
    key: form.key.trim(),
    name: form.name,
    condition_text: form.condition_text,
    action_text: form.action_text,
    scope: form.scope,
    scope_ref: form.scope === "GLOBAL" || form.scope_ref === "" ? null : form.scope_ref,
    priority: whole("priority", 0) ?? 0,
    is_hard_constraint: form.is_hard_constraint,
    // Positions in CEL errors count from the first character, so the expression is sent as typed.
    enforcement_expression:
      usesExpression(form) && form.enforcement_expression.trim() !== "" ? form.enforcement_expression : null,
    enforcement_lane: form.enforcement_lane,
    on_violation: form.on_violation,
    attached_tools: form.attached_tools,
    max_fires_per_session: whole("max_fires_per_session", null),
    cooldown_turns: whole("cooldown_turns", 0) ?? 0,
    enabled: form.enabled,
  };
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, rule };
}
