// The largest body each kind of entry takes, enforced while the body streams in (read-limited-body.ts)
// and from Content-Length before a byte is read (guard-request.ts), so an oversized body is never
// buffered whole, parsed, or counted by a rate limiter.
// - json, 1 MiB: the largest REST body but a bundle (a turn, a loop report) is a few KiB; server
//   actions and sign-in bodies are smaller still.
// - bundle, 4 MiB: an agent bundle with its conversation tests (100 tests × 200 turns is ~940 KB).
// - document, 8 MiB: an OpenAPI document of up to 5 MB (docs/tools.md#import-from-openapi) sent as a
//   JSON string, where escaping its quotes and line breaks adds up to a few tens of percent.
// - upload, 20 MiB + 64 KiB: a multipart/form-data body with one file of at most 20 MiB
//   (KNOWLEDGE_UPLOAD_MAX_BYTES) and a few short text fields; 64 KiB holds the fields and the part
//   headers many times over, so a body past it holds a file past 20 MiB (guarded-form.ts).
//   next.config.mjs lets the proxy copy a body this large (Next.js cuts a longer one short).

import { KNOWLEDGE_UPLOAD_MAX_BYTES } from "@/lib/knowledge/knowledge-files";

export type BodyKind = "json" | "bundle" | "document" | "upload";

const MIB = 1024 * 1024;

/** What an upload body may hold beside its file: the text fields and every part's headers. */
const UPLOAD_FIELDS_BYTES = 64 * 1024;

export const BODY_LIMIT_BYTES: Record<BodyKind, number> = {
  json: MIB,
  bundle: 4 * MIB,
  document: 8 * MIB,
  upload: KNOWLEDGE_UPLOAD_MAX_BYTES + UPLOAD_FIELDS_BYTES,
};

/** The largest file an upload body's file field may hold. */
export const UPLOAD_FILE_MAX_BYTES = KNOWLEDGE_UPLOAD_MAX_BYTES;

// Routes whose body is a whole bundle or an API document; every other entry takes a JSON-sized body.
const BUNDLE_PATHS = [/^\/api\/v1\/agents\/import\/?$/];
const DOCUMENT_PATHS = [/^\/api\/v1\/agents\/[^/]+\/tools\/import-openapi\/?$/];
const UPLOAD_PATHS = [/^\/api\/v1\/agents\/[^/]+\/knowledge\/files\/?$/];

/** The kind of body a request to `pathname` may carry, for the Content-Length check before routing. */
export function bodyKindOf(pathname: string): BodyKind {
  if (BUNDLE_PATHS.some((path) => path.test(pathname))) return "bundle";
  if (UPLOAD_PATHS.some((path) => path.test(pathname))) return "upload";
  return DOCUMENT_PATHS.some((path) => path.test(pathname)) ? "document" : "json";
}

/** An upload's 413 names its file field: nothing else in the body can make it that large. */
export function oversizedBodyIssues(kind: BodyKind): { path: string; message: string }[] | undefined {
  if (kind !== "upload") return undefined;
  return [{ path: "file", message: `The file is over the ${UPLOAD_FILE_MAX_BYTES / (1024 * 1024)} MB a file may be` }];
}
