import type { FieldIssue } from "./errors";
import { unstorableTextReason } from "./input-text-policy";

// The input text policy for the URL itself, applied in proxy.ts before Next.js routes the request:
// - a path segment that is not percent-encoded UTF-8 ("%ED%A0%80" is a lone surrogate, "%FF" no
//   character at all) makes Next.js's own decoding of [params] throw, a bare 500 before any handler
//   or page runs; such a path names nothing → 404.
// - a segment or query parameter that decodes to text the policy refuses ("%00") would reach a
//   query as a page's [key] or a filter → 404 for the path, 400 for the query.

export interface UnstorableUrl {
  status: 400 | 404;
  issues: FieldIssue[];
}

function segmentIssue(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return "is not percent-encoded UTF-8 text";
  }
  return unstorableTextReason(decoded);
}

/** What in `url` breaks the input text policy, or null when nothing does. */
export function findUnstorableUrlText(url: URL): UnstorableUrl | null {
  const pathIssues: FieldIssue[] = [];
  for (const segment of url.pathname.split("/")) {
    const reason = segmentIssue(segment);
    // The raw (still encoded) segment is shown: it is plain ASCII, the decoded one is the problem.
    if (reason) pathIssues.push({ path: "(url path)", message: `the segment "${segment}" ${reason}` });
  }
  if (pathIssues.length > 0) return { status: 404, issues: pathIssues };
  const queryIssues: FieldIssue[] = [];
  for (const [name, value] of url.searchParams) {
    const reason = unstorableTextReason(name) ?? unstorableTextReason(value);
    if (reason) queryIssues.push({ path: `(query) ${encodeURIComponent(name)}`, message: reason });
  }
  return queryIssues.length > 0 ? { status: 400, issues: queryIssues } : null;
}

/** The refusal: the route wrapper's error body under /api and /orchestrator, plain text for pages. */
export function unstorableUrlResponse(url: URL, found: UnstorableUrl, requestId: string): Response {
  const code = found.status === 404 ? "NOT_FOUND" : "BAD_REQUEST";
  const message = found.status === 404 ? "No such resource." : "The query string has text that cannot be stored.";
  const headers = { "x-request-id": requestId, "x-content-type-options": "nosniff" };
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/orchestrator/")) {
    return Response.json(
      { error: { code, message, request_id: requestId }, errors: found.issues },
      { status: found.status, headers },
    );
  }
  const detail = found.issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n");
  return new Response(`${message}\n${detail}\n`, {
    status: found.status,
    headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
  });
}
