import type { z } from "zod";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";

/**
 * zod issues → messages per field path ("name", "agent.key"), as the server actions return them;
 * `fieldOf` names the form field a path is shown under when the form's fields are not the schema's.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  fieldOf: (path: string) => string = (path) => path,
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = fieldOf(formatIssuePath(issue.path));
    found[path] = [...(found[path] ?? []), issue.message];
  }
  return found;
}
