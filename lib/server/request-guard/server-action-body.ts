import { findDeepNesting } from "./json-nesting";
import { readLimitedBody } from "./read-limited-body";

// A server action is a POST with a `Next-Action` header whose body React decodes (decodeReply) into
// the action's arguments before defineAction runs. Next.js answers a body React cannot decode with a
// 500 and logs part of it: "SECRET {", an empty body, ["$@1"] (a promise in a part the body does not
// carry: the decode waits forever or throws), 10,000 nested arrays (stack overflow), a 20 MB body.
// This check, run from proxy.ts, admits only what React's own client sends.
//
// The body is either one JSON text (every argument inline) or multipart form data whose digit-named
// fields are JSON parts that refer to each other as "$<tag><hex id>". A string starting "$" is one of:
// - an inline value: "$$…" (an escaped "$"), "$T" temporary reference, "$I" Infinity, "$-0",
//   "$-Infinity", "$N" NaN, "$u" undefined, "$D<date>", "$n<digits>" bigint, "$H" hole;
// - a reference to another part: "$@1", "$Q1", "$K1", "$1", … which must name a field present.

const INLINE_TAGS = new Set(["$", "T", "I", "-", "N", "u", "D", "H"]);
const BIGINT = /^\$n-?\d{1,400}$/;
const REFERENCE = /^\$([A-Za-z@]?)([0-9a-f]+)$/;

/** Why `text` is not a part React could decode, or null; `hasPart` says whether a referenced id was sent. */
function partProblem(text: string, hasPart: (id: string, tag: string) => boolean, root: boolean): string | null {
  if (text.trim() === "") return "is empty";
  const deep = findDeepNesting(text);
  if (deep) return deep.message;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "is not valid JSON";
  }
  if (root && !Array.isArray(value)) return "is not a list of arguments";
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string" && current.startsWith("$")) {
      const tag = current.charAt(1);
      if (tag === "n") {
        if (!BIGINT.test(current)) return "has a malformed number reference";
        continue;
      }
      if (INLINE_TAGS.has(tag)) continue;
      const reference = REFERENCE.exec(current);
      if (!reference || !hasPart(reference[2] as string, reference[1] as string)) {
        return "refers to a part the request does not carry";
      }
    } else if (current !== null && typeof current === "object") {
      stack.push(...Object.values(current));
    }
  }
  return null;
}

function refuse(status: 400 | 413, message: string, requestId: string): Response {
  return Response.json(
    { ok: false, code: status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message },
    { status, headers: { "cache-control": "no-store", "x-request-id": requestId } },
  );
}

async function formParts(text: string, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(text, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}

/** A 400 or 413 for a server action request React could not decode, or null to let it through. */
export async function refuseMalformedServerAction(request: Request, requestId: string): Promise<Response | null> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  const body = await readLimitedBody(request, "json");
  if (!body.ok) return refuse(413, `A console action's body is over the ${body.limit} byte limit.`, requestId);
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    const problem = partProblem(body.text, () => false, true);
    return problem ? refuse(400, `The action's arguments ${problem}.`, requestId) : null;
  }
  const form = await formParts(body.text, contentType);
  if (!form) return refuse(400, "The action's form data is malformed.", requestId);
  const names = [...form.keys()];
  // "$K<id>" names a FormData argument: fields "<id>_…"; any other tag names a part "<id>".
  const hasPart = (id: string, tag: string) => {
    const decimal = String(Number.parseInt(id, 16));
    return tag === "K" ? names.some((name) => name.startsWith(`${decimal}_`)) : form.has(decimal);
  };
  for (const [name, value] of form.entries()) {
    if (!/^\d+$/.test(name) || typeof value !== "string") continue;
    const problem = partProblem(value, hasPart, name === "0");
    if (problem) return refuse(400, `Part ${name} of the action's arguments ${problem}.`, requestId);
  }
  return null;
}
