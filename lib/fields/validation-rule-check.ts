import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import { checkExpression, type ExpressionCheck } from "@/lib/engine/cel/check-expression";
import { declaredVariables } from "@/lib/engine/contracts/bundle-expressions";
import type { ProfileField } from "./field-action-schemas";

/**
 * What `value` is in a validation rule of a field of this type: the field's own CEL type, taken from
 * the engine's declaration table (string → string, number → double, boolean → bool, date → string)
 * by declaring a field named `value`, so the editor cannot disagree with bundle validation.
 */
export function valueDeclarations(fieldType: ProfileField["field_type"]): CelDeclarations {
  const field: ProfileField = {
    field_name: "value",
    display_name: "value",
    description: "",
    field_type: fieldType,
    validation_rules: [],
    extraction_hints: [],
  };
  return declaredVariables({ profile_fields: [field], variables: [], tools: [] });
}

/**
 * The save-time check of one validation rule (bundle-expressions.ts): a predicate over `value` alone.
 * Another name gets the same words the bundle validator uses.
 */
export function checkValidationRule(rule: string, fieldType: ProfileField["field_type"]): ExpressionCheck {
  const check = checkExpression(rule, valueDeclarations(fieldType), { resultType: "bool" });
  if (check.ok || check.kind !== "undeclared") return check;
  const names = check.undeclared.map((n) => `"${n}"`).join(", ");
  return { ...check, message: `${names}: a validation rule can only use \`value\`, the extracted value` };
}
