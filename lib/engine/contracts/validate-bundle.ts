import { Bundle } from "./bundle";
import { validateBundleExpressions } from "./bundle-expressions";
import { type BundleIssue, issuesFromZodError } from "./bundle-issue";
import { validateBundleReferences } from "./bundle-references";
import { validateTestCases } from "./bundle-tests";

export type BundleValidation = { ok: true; bundle: Bundle } | { ok: false; issues: BundleIssue[] };

/**
 * The whole save-time check of a bundle: shape (zod, every issue), then references, lanes and CEL
 * expressions (every issue). The second pass needs a well-formed bundle, so it runs only after the
 * first is clean.
 */
export function validateBundle(input: unknown): BundleValidation {
  const parsed = Bundle.safeParse(input);
  if (!parsed.success) return { ok: false, issues: issuesFromZodError(parsed.error) };
  const issues = [
    ...validateBundleReferences(parsed.data),
    ...validateBundleExpressions(parsed.data),
    ...validateTestCases(parsed.data, parsed.data.tests),
  ];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, bundle: parsed.data };
}
