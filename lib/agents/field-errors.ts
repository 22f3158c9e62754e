import type { z } from "zod";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";

/** zod issues → messages per field path ("name", "agent.key"), as the server actions return them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = formatIssuePath(issue.path);
    found[path] = [...(found[path] ?? []), issue.message];
  }
  return found;
}
