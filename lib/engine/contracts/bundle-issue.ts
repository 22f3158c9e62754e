import type { z } from "zod";

/** One problem in a bundle, at its JSON path ("rules[2].scope_ref"): the shape REST returns in 422s. */
export interface BundleIssue {
  path: string;
  message: string;
}

/** ["rules", 2, "scope_ref"] → "rules[2].scope_ref"; the empty path is "(root)". */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(root)";
}

/**
 * zod issues → bundle issues. An unknown key is reported at its own path ("agent.nmae"), not at its
 * parent, so the designer sees exactly which field is misspelled.
 */
export function issuesFromZodError(error: z.ZodError): BundleIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: formatIssuePath([...issue.path, key]),
        message: "Unknown field: check its spelling (unknown fields are rejected, not ignored)",
      }));
    }
    return [{ path: formatIssuePath(issue.path), message: issue.message }];
  });
}
