import type { FormReview } from "@/lib/scenarios/scenario-form-state";

// Where a message goes in the form: zod's field errors, the server's (same paths, relative to the
// scenario) and the graph checks' errors, looked up by BundleScenario path.

export type ErrorLookup = (path: string) => string[] | undefined;

export function errorLookup(review: FormReview, serverErrors: Record<string, string[]>): ErrorLookup {
  return (path: string) => {
    const messages = [
      ...(review.fieldErrors[path] ?? []),
      ...(serverErrors[path] ?? []),
      ...review.checks.filter((c) => c.severity === "error" && c.path === path).map((c) => c.message),
    ];
    // "entry_examples[2]" or "transitions[0].examples[1]": shown under the one textarea that holds them.
    for (const [at, list] of Object.entries(review.fieldErrors)) {
      if (path.endsWith("examples") && at.startsWith(`${path}[`))
        messages.push(...list.map((m) => `Line ${lineOf(at, path)}: ${m}`));
    }
    return messages.length > 0 ? [...new Set(messages)] : undefined;
  };
}

function lineOf(at: string, path: string): number {
  return Number(/^\[(\d+)\]/.exec(at.slice(path.length))?.[1] ?? 0) + 1;
}
