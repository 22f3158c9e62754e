// The largest body each kind of entry takes, enforced while the body streams in (read-limited-body.ts)
// and from Content-Length before a byte is read (guard-request.ts), so an oversized body is never
// buffered whole, parsed, or counted by a rate limiter.
// - json, 1 MiB: the largest REST body but a bundle (a turn, a loop report) is a few KiB; server
//   actions and sign-in bodies are smaller still.
// - bundle, 4 MiB: an agent bundle with its conversation tests (100 tests × 200 turns is ~940 KB).
// - document, 8 MiB: an OpenAPI document of up to 5 MB (docs/tools.md#import-from-openapi) sent as a
//   JSON string, where escaping its quotes and line breaks adds up to a few tens of percent.

export type BodyKind = "json" | "bundle" | "document";

const MIB = 1024 * 1024;

export const BODY_LIMIT_BYTES: Record<BodyKind, number> = { json: MIB, bundle: 4 * MIB, document: 8 * MIB };

// Routes whose body is a whole bundle or an API document; every other entry takes a JSON-sized body.
const BUNDLE_PATHS = [/^\/api\/v1\/agents\/import\/?$/];
const DOCUMENT_PATHS = [/^\/api\/v1\/agents\/[^/]+\/tools\/import-openapi\/?$/];

/** The kind of body a request to `pathname` may carry, for the Content-Length check before routing. */
export function bodyKindOf(pathname: string): BodyKind {
  if (BUNDLE_PATHS.some((path) => path.test(pathname))) return "bundle";
  return DOCUMENT_PATHS.some((path) => path.test(pathname)) ? "document" : "json";
}
