import type { FieldIssue } from "../errors";
import { readCappedStream } from "../read-capped-stream";
import { BODY_LIMIT_BYTES, oversizedBodyIssues, UPLOAD_FILE_MAX_BYTES } from "./body-limits";

// An upload's multipart/form-data body through the request guard (body-limits.ts, kind "upload"):
// counted while it streams in and abandoned past the limit, so at most 20 MiB + 64 KiB is ever held,
// then parsed by the platform's own multipart reader (undici's, as `Request.formData()`; 240 ms for a
// 20 MiB file on a 2-core machine). Text fields become strings, file parts `File`s; a field named twice
// is refused, since a schema could read only one of the two.

export type GuardedForm =
  | { ok: true; value: Record<string, string | File> }
  | {
      ok: false;
      status: 400 | 413 | 415;
      code: "BAD_REQUEST" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE";
      message: string;
      issues?: FieldIssue[];
    };

const tooLarge = (message: string, issues?: FieldIssue[]): GuardedForm => ({
  ok: false,
  status: 413,
  code: "PAYLOAD_TOO_LARGE",
  message,
  issues,
});

/** The body's fields by name, or why it is refused: not multipart, over the limit, malformed. */
export async function readGuardedForm(request: Request): Promise<GuardedForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return {
      ok: false,
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Send the file as multipart/form-data (a `file` part and the text fields beside it).",
    };
  }
  const limit = BODY_LIMIT_BYTES.upload;
  const refusedSize = () => tooLarge(`Body is over the ${limit} byte limit.`, oversizedBodyIssues("upload"));
  if (Number(request.headers.get("content-length") ?? "0") > limit) return refusedSize();
  const bytes = request.body ? await readCappedStream(request.body, limit) : Buffer.alloc(0);
  if (!bytes) return refusedSize();
  let form: FormData;
  try {
    // Buffer.concat's bytes sit on a plain ArrayBuffer, never a SharedArrayBuffer.
    const body = bytes as Uint8Array<ArrayBuffer>;
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    return { ok: false, status: 400, code: "BAD_REQUEST", message: "Malformed multipart/form-data body." };
  }
  const value = new Map<string, string | File>();
  for (const [name, part] of form.entries()) {
    if (value.has(name)) {
      const message = "Sent twice; send each field once";
      return {
        ok: false,
        status: 400,
        code: "BAD_REQUEST",
        message: `${name}: ${message}.`,
        issues: [{ path: name, message }],
      };
    }
    if (typeof part !== "string" && part.size > UPLOAD_FILE_MAX_BYTES) {
      const mb = UPLOAD_FILE_MAX_BYTES / (1024 * 1024);
      return tooLarge(`The file is over the ${mb} MB a file may be.`, [
        { path: name, message: `The file is over the ${mb} MB a file may be` },
      ]);
    }
    value.set(name, part);
  }
  // fromEntries defines own properties: a field named "__proto__" stays a field.
  return { ok: true, value: Object.fromEntries(value) };
}
