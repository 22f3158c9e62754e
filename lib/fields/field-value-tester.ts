import type { EngineProfileField } from "@/lib/engine/contracts/snapshot";
import { validateEntities } from "@/lib/engine/stages/sensor/validate-entities";
import type { ProfileField } from "./field-action-schemas";
import { checkValidationRule } from "./validation-rule-check";

export type RuleVerdict =
  /** The rule holds for the value. */
  | { index: number; verdict: "pass" }
  /** The engine rejects the value because of this rule. */
  | { index: number; verdict: "fail" }
  /** The rule does not check (syntax, type, a name other than `value`): a save refuses it. */
  | { index: number; verdict: "error"; message: string }
  /** A blank row: not sent with the field, so it checks nothing. */
  | { index: number; verdict: "blank" }
  /** The value is not of the field's type, so no rule runs. */
  | { index: number; verdict: "skipped" };

export interface FieldValueTest {
  /** What the sensor does with this value: store it in the profile, or reject it with the engine's reason. */
  accepted: boolean;
  /** The value as the profile would hold it (typed by the field), when accepted. */
  stored?: unknown;
  /** The engine's reason ("not a number", "fails value in [...]") when rejected. */
  reason?: string;
  rules: RuleVerdict[];
}

function engineField(fieldType: string, rules: string[]): EngineProfileField {
  return {
    fieldName: "value",
    displayName: "",
    description: "",
    fieldType,
    validationRules: rules,
    extractionHints: [],
  };
}

/**
 * The validation-rule tester: runs the sensor's own validateEntities on the value as the
 * model would return it — text, typed by the field (numbers drop "," separators, booleans take
 * true/yes/false/no) — once with all the rules for the verdict, then once per rule for its row.
 */
export function testFieldValue(
  fieldType: ProfileField["field_type"],
  validationRules: readonly string[],
  text: string,
): FieldValueTest {
  const rules = validationRules.filter((rule) => rule.trim() !== "");
  const whole = validateEntities({ value: text }, [engineField(fieldType, rules)]);
  const rejected = whole.rejected[0];
  const typed = rejected === undefined || rejected.reason.startsWith("fails ");
  const verdicts = validationRules.map((rule, index): RuleVerdict => {
    if (rule.trim() === "") return { index, verdict: "blank" };
    if (!typed) return { index, verdict: "skipped" };
    const check = checkValidationRule(rule, fieldType);
    if (!check.ok) return { index, verdict: "error", message: check.message };
    const one = validateEntities({ value: text }, [engineField(fieldType, [rule])]);
    return { index, verdict: Object.hasOwn(one.accepted, "value") ? "pass" : "fail" };
  });
  if (rejected) return { accepted: false, reason: rejected.reason, rules: verdicts };
  return { accepted: true, stored: whole.accepted.value, rules: verdicts };
}
