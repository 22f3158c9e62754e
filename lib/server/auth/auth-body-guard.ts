import type { FieldIssue } from "../errors";
import { findUnstorableText } from "../input-text-policy";
import { parseGuardedJson } from "../request-guard/guarded-json";
import { readLimitedBody } from "../request-guard/read-limited-body";

// better-auth's endpoints (sign-in, update-user, change-password) take JSON a browser sends; they get
// the same guard as every route before better-auth parses it or the sign-in limiter counts it: the
// size limit while streaming (20 MB sign-in bodies were parsed before the 429), depth, syntax, and the
// input text policy (a NUL in a name or an email reached PostgreSQL: a 500, and a NUL in the log).
// A user's `image` is shown as a link and an <img>: an https: URL or nothing ("javascript:" was stored).

export type GuardedAuthBody =
  | { ok: true; text: string; value: unknown }
  | { ok: false; status: 400 | 413; message: string; issues?: FieldIssue[] };

function imageIssue(value: unknown): FieldIssue | null {
  if (value === null || typeof value !== "object" || !("image" in value)) return null;
  const image = (value as { image: unknown }).image;
  if (image === null || image === "") return null;
  if (typeof image === "string" && URL.canParse(image) && new URL(image).protocol === "https:") return null;
  return { path: "image", message: "must be an https: URL, or empty" };
}

/** The body of a state-changing auth request, or why it is refused (naming the field, never quoting it). */
export async function guardAuthBody(request: Request): Promise<GuardedAuthBody> {
  const body = await readLimitedBody(request, "json");
  if (!body.ok) return { ok: false, status: 413, message: `Body is over the ${body.limit} byte limit.` };
  // Sign-out and a few others are posted without a body.
  if (body.text.trim() === "") return { ok: true, text: body.text, value: undefined };
  const parsed = parseGuardedJson(body.text);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, issues: parsed.issues };
  const issues = findUnstorableText(parsed.value);
  const image = imageIssue(parsed.value);
  if (image) issues.push(image);
  if (issues.length > 0) {
    const first = issues[0] as FieldIssue;
    return { ok: false, status: 400, message: `${first.path} ${first.message}.`, issues };
  }
  return { ok: true, text: body.text, value: parsed.value };
}
