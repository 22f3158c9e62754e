import { readCappedStream } from "../read-capped-stream";
import { BODY_LIMIT_BYTES, type BodyKind } from "./body-limits";

export type LimitedBody = { ok: true; text: string } | { ok: false; limit: number };

/**
 * The body as UTF-8 text, abandoned as soon as it passes the kind's limit (a 20 MB body costs at most
 * the limit in memory). A declared Content-Length over the limit is refused before reading.
 */
export async function readLimitedBody(request: Request, kind: BodyKind): Promise<LimitedBody> {
  const limit = BODY_LIMIT_BYTES[kind];
  if (Number(request.headers.get("content-length") ?? "0") > limit) return { ok: false, limit };
  if (!request.body) return { ok: true, text: "" };
  const body = await readCappedStream(request.body, limit);
  return body ? { ok: true, text: body.toString("utf8") } : { ok: false, limit };
}
