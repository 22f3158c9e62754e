import { browserHeaders, ORIGIN } from "./request-headers";
import { callRoute, type RouteHandler } from "./response-contract";

export type { RouteHandler };

/**
 * Calls a route handler the way a client with an API key would: Bearer key, JSON body when given, a
 * fresh Idempotency-Key (routes that do not use one ignore it), any more `headers`. The answer is checked against the
 * route's declared response schemas.
 */
export function callWithKey(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string>,
  key: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    params,
  );
}

/** Calls a route handler as a signed-in operator from the console would: session cookie, same Origin. */
export function callWithCookie(
  cookie: string,
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string> = {},
  body?: unknown,
): Promise<Response> {
  const headers = browserHeaders({ cookie, "content-type": "application/json" });
  return callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    params,
  );
}
