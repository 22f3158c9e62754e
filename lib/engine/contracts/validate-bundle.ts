import type { z } from "zod";
import { Bundle, BundleProfileField, BundleRule, BundleTool, BundleVariable } from "./bundle";
import { validateBundleExpressions } from "./bundle-expressions";
import { type BundleIssue, issuesFromZodError } from "./bundle-issue";
import { validateBundleReferences } from "./bundle-references";
import { validateTestCases } from "./bundle-tests";

export type BundleValidation = { ok: true; bundle: Bundle } | { ok: false; issues: BundleIssue[] };

/**
 * The whole save-time check of a bundle: shape (zod, every issue), then references, lanes and CEL
 * expressions (every issue). References need a well-formed bundle; expressions are checked on a
 * malformed one too, entry by entry, so a designer sees the broken CEL with the shape problems in
 * one round instead of fixing the shape first and only then learning about the CEL.
 */
export function validateBundle(input: unknown): BundleValidation {
  const parsed = Bundle.safeParse(input);
  if (!parsed.success) {
    return { ok: false, issues: [...issuesFromZodError(parsed.error), ...expressionIssuesOfMalformed(input)] };
  }
  const issues = [
    ...validateBundleReferences(parsed.data),
    ...validateBundleExpressions(parsed.data),
    ...validateTestCases(parsed.data, parsed.data.tests),
  ];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, bundle: parsed.data };
}

/** Each entry of a top-level list parsed on its own; null where it is malformed, keeping indexes. */
function entries<T>(schema: z.ZodType<T>, list: unknown): (T | null)[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? parsed.data : null;
  });
}

function expressionIssuesOfMalformed(input: unknown): BundleIssue[] {
  if (typeof input !== "object" || input === null) return [];
  const raw = input as Record<string, unknown>;
  const parts = {
    profile_fields: entries(BundleProfileField, raw.profile_fields),
    variables: entries(BundleVariable, raw.variables),
    tools: entries(BundleTool, raw.tools),
    rules: entries(BundleRule, raw.rules),
  };
  const declarersMalformed = [parts.profile_fields, parts.variables, parts.tools].some((list) => list.includes(null));
  return validateBundleExpressions(parts, { skipUndeclared: declarersMalformed });
}
