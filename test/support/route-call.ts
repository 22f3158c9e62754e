import { ORIGIN } from "./request-headers";

export type RouteHandler = (r: Request, s: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Calls a route handler the way a client with an API key would: Bearer key, JSON body when given, a
 * fresh Idempotency-Key (routes that do not use one ignore it).
 */
export function callWithKey(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string>,
  key: string,
  body?: unknown,
): Promise<Response> {
  return handler(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
}
