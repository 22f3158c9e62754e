import "server-only";
import type { z } from "zod";
import { issuesFromZod } from "./errors";
import { findUnstorableText } from "./input-text-policy";
import type { BodyKind } from "./request-guard/body-limits";
import { readGuardedForm } from "./request-guard/guarded-form";
import { readGuardedJson } from "./request-guard/guarded-json";
import { errorResponse } from "./route-errors";

// What a route reads from the request before its handler runs (`defineRoute`): the path parameters and
// the body, each through the input text policy (input-text-policy.ts) and the route's schema.

/** The path parameters after the text policy and the route's schema, or the 404 that names none. */
export async function readParams(
  segment: { params?: Promise<Record<string, string>> } | undefined,
  schema: z.ZodType | undefined,
  requestId: string,
): Promise<unknown | Response> {
  const raw = (await segment?.params) ?? {};
  // A path segment with text no row can hold names no resource (and must not reach a query).
  const badParams = findUnstorableText(raw);
  if (badParams.length > 0) return errorResponse(404, "NOT_FOUND", "No such resource.", requestId, badParams);
  if (!schema) return raw;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return errorResponse(404, "NOT_FOUND", "No such resource.", requestId, issuesFromZod(parsed.error));
  }
  return parsed.data;
}

/**
 * The body through the request guard (413/400; an upload's multipart form, 415 when it is not one),
 * the text policy and the route's schema (422). An upload's files reach the schema as `File`s, which
 * the text policy leaves alone (it reads strings and plain objects).
 */
export async function readBody(request: Request, schema: z.ZodType, kind: BodyKind, requestId: string) {
  const read = kind === "upload" ? await readGuardedForm(request) : await readGuardedJson(request, kind);
  if (!read.ok) return errorResponse(read.status, read.code, read.message, requestId, read.issues);
  const badText = findUnstorableText(read.value);
  if (badText.length > 0) {
    return errorResponse(422, "VALIDATION", "The request body has text that cannot be stored.", requestId, badText);
  }
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) {
    return errorResponse(422, "VALIDATION", "The request body is invalid.", requestId, issuesFromZod(parsed.error));
  }
  return parsed.data;
}
