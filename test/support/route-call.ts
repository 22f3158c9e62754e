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

/** A body as a form: each string field as a text part, each Blob or File as a file part. */
export function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value);
    else form.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return form;
}

/**
 * A route's body as its client sends it: multipart/form-data for an upload route (`bodyKind: "upload"`,
 * the form sets its own content type with the boundary), JSON for every other.
 */
export function encodedBody(
  bodyKind: string | undefined,
  body: unknown,
): { body: BodyInit; headers: Record<string, string> } {
  if (bodyKind === "upload" && body !== null && typeof body === "object") {
    return { body: formOf(body as Record<string, unknown>), headers: {} };
  }
  return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

/** Calls an upload route with an API key, its body a multipart form (`formOf`). */
export function callWithForm(
  handler: RouteHandler,
  path: string,
  params: Record<string, string>,
  key: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, ...headers },
      body: form,
    }),
    params,
  );
}
