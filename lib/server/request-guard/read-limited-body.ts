import { BODY_LIMIT_BYTES, type BodyKind } from "./body-limits";

export type LimitedBody = { ok: true; text: string } | { ok: false; limit: number };

/**
 * The body as UTF-8 text, read chunk by chunk and abandoned as soon as it passes the kind's limit,
 * so a 20 MB body costs at most the limit in memory and is never handed to a parser. A declared
 * Content-Length over the limit is refused before reading.
 */
export async function readLimitedBody(request: Request, kind: BodyKind): Promise<LimitedBody> {
  const limit = BODY_LIMIT_BYTES[kind];
  if (Number(request.headers.get("content-length") ?? "0") > limit) return { ok: false, limit };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, limit };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
