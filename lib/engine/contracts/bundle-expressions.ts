import type { CelDeclarations, CelType } from "../cel/cel-environment";
import { checkExpression } from "../cel/check-expression";
import { compileDesignerPattern } from "../regex/compile-designer-pattern";
import type { Bundle } from "./bundle";
import type { BundleIssue } from "./bundle-issue";
import { declaredNamesOf } from "./money-variable";

type FieldType = Bundle["profile_fields"][number]["field_type"];
type VariableType = Bundle["variables"][number]["type"];

// JSON numbers are JS numbers at run time, hence double (see cel-environment.ts); dates are ISO text.
const FIELD_CEL_TYPE: Record<FieldType, CelType> = {
  string: "string",
  number: "double",
  boolean: "bool",
  date: "string",
};
const VARIABLE_CEL_TYPE: Record<VariableType, CelType> = {
  string: "string",
  number: "double",
  boolean: "bool",
  money: "double",
  phrases: "bool",
};

/**
 * The variables an enforcement expression may use (profile ∪ session ∪ extracted
 * from the response): profile fields, response variables and tool output variables (`dyn`, their
 * shape is the tool's). The first declaration of a name wins; duplicates are reported elsewhere.
 */
export function declaredVariables(bundle: Partial<ExpressionParts>): CelDeclarations {
  const declarations: Record<string, CelType> = {};
  const declare = (name: string, type: CelType) => {
    if (!Object.hasOwn(declarations, name)) declarations[name] = type;
  };
  for (const field of present(bundle.profile_fields)) declare(field.field_name, FIELD_CEL_TYPE[field.field_type]);
  for (const variable of present(bundle.variables))
    for (const name of declaredNamesOf(variable)) declare(name, VARIABLE_CEL_TYPE[variable.type]);
  for (const tool of present(bundle.tools)) for (const name of Object.keys(tool.output.variables)) declare(name, "dyn");
  return declarations;
}

/**
 * The parts of a bundle its expressions live in. An entry may be null: a bundle that failed its shape
 * check is still checked entry by entry (validate-bundle.ts), so every problem shows in one round,
 * and a null keeps the other entries at their own index.
 */
export interface ExpressionParts {
  profile_fields: ReadonlyArray<Bundle["profile_fields"][number] | null>;
  variables: ReadonlyArray<Bundle["variables"][number] | null>;
  tools: ReadonlyArray<Bundle["tools"][number] | null>;
  rules: ReadonlyArray<Bundle["rules"][number] | null>;
}

function present<T>(items: ReadonlyArray<T | null> | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}

/**
 * Every CEL expression and extraction pattern in the bundle, checked as it will be used: rule
 * expressions against the declared variables, validation rules against `value`, patterns compiled.
 */
export function validateBundleExpressions(
  bundle: ExpressionParts,
  /** A malformed declaration may declare the name: then an unknown name is not yet a problem. */
  options: { skipUndeclared?: boolean } = {},
): BundleIssue[] {
  const issues: BundleIssue[] = [];
  const declarations = declaredVariables(bundle);

  bundle.rules.forEach((rule, i) => {
    if (rule === null || rule.enforcement_expression === null || rule.enforcement_lane !== "deterministic") return;
    const check = checkExpression(rule.enforcement_expression, declarations, { resultType: "bool" });
    if (check.ok || (options.skipUndeclared && check.kind === "undeclared")) return;
    issues.push({ path: `rules[${i}].enforcement_expression`, message: check.message });
  });

  bundle.profile_fields.forEach((field, i) => {
    if (field === null) return;
    const value = { value: FIELD_CEL_TYPE[field.field_type] };
    field.validation_rules.forEach((rule, j) => {
      const check = checkExpression(rule, value, { resultType: "bool" });
      if (!check.ok) {
        const names = check.undeclared.map((n) => `"${n}"`).join(", ");
        const message =
          check.kind === "undeclared"
            ? `${names}: a validation rule can only use \`value\`, the extracted value`
            : check.message;
        issues.push({ path: `profile_fields[${i}].validation_rules[${j}]`, message });
      }
    });
  });

  bundle.variables.forEach((variable, i) => {
    if (variable === null) return;
    variable.patterns.forEach((pattern, j) => {
      const problem = patternProblem(pattern, variable.type);
      if (problem) issues.push({ path: `variables[${i}].patterns[${j}]`, message: problem });
    });
  });
  return issues;
}

/**
 * Why an extraction pattern cannot be saved (also the field editor's live check); null when it is
 * usable. Compiled as extraction runs it: re2js, case-insensitive (compile-designer-pattern.ts), so
 * lookarounds and backreferences are refused here, at save and at import, not skipped at turn time.
 */
export function patternProblem(pattern: string, type: VariableType): string | null {
  const compiled = compileDesignerPattern(pattern, { caseInsensitive: true });
  if (!compiled.ok) return compiled.message;
  if (compiled.regex.test("")) return "This pattern matches empty text, so it would match every response";
  if (type !== "boolean" && type !== "phrases" && compiled.regex.groupCount() === 0) {
    return `A ${type} variable takes its value from the first capture group: add one, e.g. \\$(\\d+(?:\\.\\d{1,2})?)`;
  }
  return null;
}
