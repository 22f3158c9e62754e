import "server-only";
import type { z } from "zod";
import { AppError, issuesFromZod } from "@/lib/server/errors";

/** A GET route's query parameters through its schema: 400 naming each parameter it cannot read. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return parsed.data;
  const issues = issuesFromZod(parsed.error).map((issue) => ({ ...issue, path: `(query) ${issue.path}` }));
  throw new AppError("BAD_REQUEST", "A query parameter cannot be read.", issues);
}
