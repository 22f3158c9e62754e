import type { FieldIssue } from "../errors";
import { refuseForeignServerAction } from "../request/refuse-foreign-server-action";
import { findUnstorableUrlText, unstorableUrlResponse } from "../unstorable-url";
import { apiMethodsFor } from "./api-methods";
import { BODY_LIMIT_BYTES, bodyKindOf, oversizedBodyIssues } from "./body-limits";
import { badPageQueryPage, findBadPageQuery } from "./page-query";
import { refuseMalformedServerAction } from "./server-action-body";

// The request guard's first half, run by proxy.ts on every request before Next.js routes it: what
// can be judged from the URL, the headers and (for server actions, which Next.js decodes itself) the
// body. Routes, /api/auth and server actions then read their bodies through readGuardedJson
// (guarded-json.ts), which holds the same size and depth limits while the body streams.

const API_PREFIXES = ["/api/", "/orchestrator/"];

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The refusal: the route wrapper's error body under /api and /orchestrator, plain text for pages. */
function refusal(
  url: URL,
  status: number,
  code: string,
  message: string,
  requestId: string,
  extra: { issues?: FieldIssue[]; headers?: Record<string, string> } = {},
): Response {
  const headers = { "x-request-id": requestId, "cache-control": "no-store", ...extra.headers };
  if (isApiPath(url.pathname)) {
    const body = { error: { code, message, request_id: requestId }, ...(extra.issues ? { errors: extra.issues } : {}) };
    return Response.json(body, { status, headers });
  }
  const detail = (extra.issues ?? []).map((issue) => `${issue.path}: ${issue.message}\n`).join("");
  return new Response(`${message}\n${detail}`, {
    status,
    headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
  });
}

function refuseUnknownMethod(request: Request, url: URL, requestId: string): Response | null {
  if (!url.pathname.startsWith("/api/") || url.pathname.startsWith("/api/auth/")) return null;
  const methods = apiMethodsFor(url.pathname);
  if (!methods || methods.includes(request.method) || request.method === "HEAD" || request.method === "OPTIONS") {
    return null;
  }
  return refusal(
    url,
    405,
    "METHOD_NOT_ALLOWED",
    `${request.method} is not allowed here; use ${methods.join(", ")}.`,
    requestId,
    {
      headers: { allow: methods.join(", ") },
    },
  );
}

/** A refusal for a request no handler should see, or null to let it through. */
export async function guardRequest(request: Request, url: URL, requestId: string): Promise<Response | null> {
  // Before routing: Next.js answers a bare 500 when it cannot decode a [param] (unstorable-url.ts).
  const badUrl = findUnstorableUrlText(url);
  if (badUrl) return unstorableUrlResponse(url, badUrl, requestId);
  const kind = bodyKindOf(url.pathname);
  const limit = BODY_LIMIT_BYTES[kind];
  if (Number(request.headers.get("content-length") ?? "0") > limit) {
    return refusal(url, 413, "PAYLOAD_TOO_LARGE", `Body is over the ${limit} byte limit.`, requestId, {
      issues: oversizedBodyIssues(kind),
    });
  }
  const wrongMethod = refuseUnknownMethod(request, url, requestId);
  if (wrongMethod) return wrongMethod;
  const foreign = refuseForeignServerAction(request);
  if (foreign) return foreign;
  const malformedAction = await refuseMalformedServerAction(request, requestId);
  if (malformedAction) return malformedAction;
  const badQuery = findBadPageQuery(url);
  if (badQuery.length > 0) return badPageQueryPage(url, badQuery, requestId);
  return null;
}
