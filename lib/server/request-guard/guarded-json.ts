import type { FieldIssue } from "../errors";
import type { BodyKind } from "./body-limits";
import { findDeepNesting } from "./json-nesting";
import { readLimitedBody } from "./read-limited-body";

export type GuardedJson =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; code: "BAD_REQUEST" | "PAYLOAD_TOO_LARGE"; message: string; issues?: FieldIssue[] };

/** `text` as JSON, refused when empty, malformed or nested past the limit; never echoes the text. */
export function parseGuardedJson(text: string): GuardedJson {
  if (text.trim() === "")
    return { ok: false, status: 400, code: "BAD_REQUEST", message: "Request body is empty; send JSON." };
  const deep = findDeepNesting(text);
  if (deep) {
    return {
      ok: false,
      status: 400,
      code: "BAD_REQUEST",
      message: `${deep.path} ${deep.message}.`,
      issues: [deep],
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // V8's message quotes up to ~10 characters of the body ("Unexpected token 'S', "SECRET {" is
    // not…"); only the position it names is kept, so no answer or log repeats what was sent.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const where = position ? ` at character ${position}` : "";
    return { ok: false, status: 400, code: "BAD_REQUEST", message: `Malformed JSON: not valid JSON${where}.` };
  }
}

/**
 * The request's JSON body through the guard every entry shares: the kind's size limit while the
 * body streams, then emptiness, nesting depth and syntax, all before any schema or handler sees it.
 */
export async function readGuardedJson(request: Request, kind: BodyKind): Promise<GuardedJson> {
  const body = await readLimitedBody(request, kind);
  if (!body.ok) {
    return {
      ok: false,
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: `Body is over the ${body.limit} byte limit.`,
    };
  }
  return parseGuardedJson(body.text);
}
