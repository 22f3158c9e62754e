import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { env } from "@/lib/env";
import type { ApiScope, Role } from "@/lib/identity/roles";
import { PUBLISHABLE_KEY_HEADERS, type PublishableRoute, sessionTokenRefusal } from "./auth/publishable-key-auth";
import type { CustomerViewDeclaration } from "./customer-view";
import { getDb } from "./db";
import { requestIdFrom } from "./principal";
import type { BodyKind } from "./request-guard/body-limits";
import { assertResponseContract } from "./response-contract";
import { authenticate } from "./route-auth";
import type { PassThrough, ResponseSchemas, RouteConfig, RouteHandlerOf } from "./route-config";
import { errorBodyOf, errorResponse } from "./route-errors";
import { runHandler } from "./route-handler";
import { readBody, readParams } from "./route-input";

// The wrapper's parts: who calls (route-auth.ts), what it reads (route-input.ts), the handler's run
// (route-handler.ts), the error answers (route-errors.ts), the types a route declares (route-config.ts).
// Routes import all they use from here.
export { errorBodyOf, errorResponse };

export const ROUTE_META = Symbol.for("focal.route");
export interface RouteMeta {
  scope: ApiScope;
  sessionRole?: Role;
  /** The schemas the wrapper parses with, for tests that walk every route's fields. */
  body?: z.ZodType;
  /** How the body is sent: "upload" is multipart/form-data, every other kind JSON. */
  bodyKind?: BodyKind;
  params?: z.ZodType;
  /** The declared body per status: the API tests check every answer against it (error statuses also allow ErrorBody). */
  responses: Readonly<Record<number, z.ZodType>>;
  /** The bodies a customer gets instead (customer-view.ts says which requests): the contract checks those. */
  customer?: CustomerViewDeclaration & { responses: Readonly<Record<number, z.ZodType>> };
  publishable?: PublishableRoute;
}

/**
 * Sends a Response as it is, outside the declared schemas' type check: an event or NDJSON stream, a
 * file download, a stored answer replayed. JSON bodies sent this way are still checked by the API tests.
 */
export function passThrough(response: Response): PassThrough {
  return response as PassThrough;
}

function statusMap(response: ResponseSchemas): Readonly<Record<number, z.ZodType>> {
  return response instanceof z.ZodType ? { 200: response } : response;
}

/** The route's answer: authentication, parameters, body, the handler; a thrown error as its error reply. */
async function answerRoute<
  RS extends ResponseSchemas,
  BS extends z.ZodType | undefined,
  PS extends z.ZodType | undefined,
  CS extends ResponseSchemas,
>(
  config: RouteConfig<RS, BS, PS, CS>,
  handler: RouteHandlerOf<RS, BS, PS, CS>,
  request: Request,
  segment: { params?: Promise<Record<string, string>> } | undefined,
): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  // A publishable key's request from an allowed Origin: every answer, errors too, may be read by that page.
  let corsOrigin: string | null = null;
  const withCors = (response: Response) => {
    if (corsOrigin) {
      response.headers.set("access-control-allow-origin", corsOrigin);
      response.headers.set("access-control-expose-headers", PUBLISHABLE_KEY_HEADERS.exposeHeaders);
      response.headers.append("vary", "Origin");
    }
    return response;
  };
  try {
    const db = await getDb();
    const principal = await authenticate(request, db, config);
    if (principal instanceof Response) return principal;
    if (principal.kind === "publishable_key") corsOrigin = principal.origin;
    const params = await readParams(segment, config.params, requestId);
    if (params instanceof Response) return withCors(params);
    if (principal.kind === "publishable_key" && config.publishable === "session") {
      const refused = await sessionTokenRefusal(db, request, principal, (params as { id: string }).id);
      if (refused) return withCors(errorResponse(refused.status, refused.code, refused.message, requestId));
    }
    const body = config.body ? await readBody(request, config.body, config.bodyKind ?? "json", requestId) : undefined;
    if (body instanceof Response) return withCors(body);
    return withCors(await runHandler(config, handler, { request, db, principal, params, body, requestId }));
  } catch (error) {
    const { status, body, headers } = errorBodyOf(error, request, requestId);
    return withCors(NextResponse.json(body, { status, headers }));
  }
}

/**
 * The one wrapper for every REST route: API key (Bearer) or operator session with a scope,
 * the request guard's body size, depth and JSON checks (request-guard/, 413/400), the input text policy on params (404) and body (422, see
 * input-text-policy.ts), zod validation (422 with every path), error mapping. Outside production every
 * JSON answer is parsed against its declared schema and a break throws (response-contract.ts).
 */
export function defineRoute<
  RS extends ResponseSchemas,
  BS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
  CS extends ResponseSchemas = never,
>(config: RouteConfig<RS, BS, PS, CS>, handler: RouteHandlerOf<RS, BS, PS, CS>) {
  const meta: RouteMeta = {
    scope: config.scope,
    sessionRole: config.sessionRole,
    body: config.body,
    bodyKind: config.bodyKind,
    params: config.params,
    responses: statusMap(config.response),
    ...(config.customer
      ? { customer: { responses: statusMap(config.customer.response), viewQuery: config.customer.viewQuery ?? false } }
      : {}),
    publishable: config.publishable,
  };
  const route = async (request: Request, segment?: { params?: Promise<Record<string, string>> }) => {
    const response = await answerRoute(config, handler, request, segment);
    // Outside the try: a break is the route's bug, thrown to the dev server or the test, never a 500 body.
    if (env().NODE_ENV !== "production") await assertResponseContract(meta, request, response);
    return response;
  };
  return Object.assign(route, { [ROUTE_META]: meta });
}
