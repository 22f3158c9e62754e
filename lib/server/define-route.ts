import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { type ApiScope, type Role, roleAtLeast, scopesAllow } from "@/lib/identity/roles";
import type { ErrorBody } from "@/lib/openapi/error-body";
import { claimIdempotent, type IdempotencyClaim, type StoredAnswer } from "@/lib/server/idempotency";
import { agentAccessOf, highestRole, withAgentAccess } from "./access/agent-access";
import { authenticateApiKey } from "./auth/api-keys";
import { recordInvalidKey } from "./auth/invalid-key-limit";
import {
  PUBLISHABLE_KEY_HEADERS,
  type PublishableRoute,
  publishablePrincipal,
  sessionTokenRefusal,
} from "./auth/publishable-key-auth";
import type { CustomerViewDeclaration } from "./customer-view";
import { getDb } from "./db";
import { dbFaultReply, RETRY_AFTER_SECONDS } from "./db-faults/db-fault-reply";
import { AppError, type FieldIssue, issuesFromZod, RateLimitedError } from "./errors";
import { findUnstorableText } from "./input-text-policy";
import type { Actor } from "./ledger/event-types";
import { loggableError } from "./loggable-error";
import { actorOf, getOperatorFromHeaders, isSameOrigin, type Principal, requestIdFrom } from "./principal";
import { clientAddressFrom } from "./request/forwarded-request";
import type { BodyKind } from "./request-guard/body-limits";
import { readGuardedForm } from "./request-guard/guarded-form";
import { readGuardedJson } from "./request-guard/guarded-json";
import { assertResponseContract } from "./response-contract";

// A signed-in operator may call the API from the console; each scope needs at least this role.
const ROLE_FOR_SCOPE: Record<ApiScope, Role> = {
  admin: "admin",
  "agents:read": "viewer",
  "agents:write": "designer",
  // The configuration's entities one by one (docs/config-as-code.md): what the editors read and save.
  "config:read": "viewer",
  "config:write": "designer",
  "turns:write": "designer",
  "traces:read": "viewer",
  "ledger:read": "viewer",
  "loops:read": "viewer",
  "loops:write": "operator",
  "loops:override": "operator",
  "goals:write": "operator",
  // Reading the queue is for anyone who may read traces; claiming, replying and returning are the
  // operator role's (docs/handoffs.md#who-may-do-what).
  "handoffs:read": "viewer",
  "handoffs:write": "operator",
  "pii:read": "admin",
  // A credential opens a company's systems to the agent's tools: only admins set one by default.
  "credentials:write": "admin",
  // A budget decides whether customers get the model or a person: an admin's call, like a credential.
  "budgets:write": "admin",
};

/**
 * The bodies a route answers with: one schema (its 200 body) or a schema per status. The same
 * constants draw the OpenAPI document, so a handler that returns another shape fails to compile.
 */
export type ResponseSchemas = z.ZodType | { readonly [status: number]: z.ZodType };
type StatusMap<R> = R extends z.ZodType ? { 200: R } : R;
/** Both maps' statuses, each with either map's schema there: a customer's answer is also the handler's to return. */
type BothMaps<A, B> = {
  [S in keyof A | keyof B]: (S extends keyof A ? A[S] : never) | (S extends keyof B ? B[S] : never);
};
type Status<M> = keyof M & number;
type BodyAt<M, S extends Status<M>> = M[S] extends z.ZodType ? z.input<M[S]> : never;

// Brands that exist only in types: at run time each is the plain Response the wrapper sends as it is.
declare const typedReply: unique symbol;
declare const errorReply: unique symbol;
declare const passedThrough: unique symbol;

/** A JSON answer built by `reply`: its status is declared and its body has that status's shape. */
type Reply<S extends number, B> = NextResponse & { readonly [typedReply]: { status: S; body: B } };
/** The shared error body (`errorResponse`); allowed from any route, at any error status. */
export type ErrorReply = NextResponse & { readonly [errorReply]: true };
/** A Response whose body no schema types: a stream, a file, a stored answer replayed (see `passThrough`). */
export type PassThrough = Response & { readonly [passedThrough]: true };

/** What a handler may return: its 200 body as data, a declared status via `reply`, an error reply, or a pass-through. */
type HandlerResult<M> =
  | (200 extends Status<M> ? BodyAt<M, 200> : never)
  | { [S in Status<M>]: Reply<S, BodyAt<M, S>> }[Status<M>]
  | ErrorReply
  | PassThrough;

interface RouteContext<B, P, M = Record<number, z.ZodType>> {
  request: Request;
  body: B;
  params: P;
  principal: Principal;
  actor: Actor;
  requestId: string;
  db: Database;
  /** The request's claim on its `Idempotency-Key` (routes with `idempotent`, when the header is sent), else null. */
  idempotency: IdempotencyClaim | null;
  /** JSON at a declared status, with its declared body (a 201 or 202 where plain data would answer 200). */
  reply: <S extends Status<M>>(status: S, body: BodyAt<M, S>, headers?: HeadersInit) => Reply<S, BodyAt<M, S>>;
}

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

type Handler<B, P, M> = (ctx: RouteContext<B, P, M>) => Promise<HandlerResult<M>>;

/** What the `admit` and `idempotent` hooks are handed: the request as the wrapper read it. */
interface RequestContext<B, P> {
  request: Request;
  body: B;
  params: P;
  principal: Principal;
  db: Database;
}

/**
 * `Idempotency-Key` (docs/api.md#idempotency): the wrapper claims the key before the handler runs and
 * answers a repeat with the answer stored the first time; the handler's work completes the claim in
 * its transaction (`ctx.idempotency`). A handler that throws or answers an error releases it.
 */
interface IdempotentOption<B, P> {
  /** What a repeated key must repeat (hashed): the same key with another request is a 422. */
  request: (ctx: RequestContext<B, P>) => unknown;
  /** Sends a stored answer again (as a stream, in the customer's shape); plain JSON at its status if left out. */
  replay?: (stored: StoredAnswer, ctx: RequestContext<B, P>) => Promise<Response>;
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

export function errorResponse(
  status: number,
  code: string,
  message: string,
  requestId: string,
  errors?: FieldIssue[],
): ErrorReply {
  return NextResponse.json(
    { error: { code, message, request_id: requestId }, ...(errors ? { errors } : {}) },
    { status, headers: { "x-request-id": requestId } },
  ) as ErrorReply;
}

/**
 * The status, body and headers a thrown error answers with: an AppError below 500, at 502 or 503 as itself; a
 * transient database fault as 503 DB_UNAVAILABLE or RETRY with Retry-After (one log line, no stack:
 * an outage is not a bug); anything else logged (ids only) and answered as 500 INTERNAL. The turn
 * stream sends the same body as its error event.
 */
export function errorBodyOf(
  error: unknown,
  request: Request,
  requestId: string,
): { status: number; body: z.input<typeof ErrorBody>; headers: Record<string, string> } {
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (error instanceof RateLimitedError) headers["retry-after"] = String(error.retryAfterSeconds);
  const where = `[route ${request.method} ${new URL(request.url).pathname}] request ${requestId}`;
  // A 503 of our own (a goal's ledger abort): the request was fine and nothing was applied.
  if (error instanceof AppError && error.httpStatus === 503)
    console.error(`${where}: ${error.message}`, loggableError(error.cause));
  // 502: an upstream the request named (an MCP server) failed; its message says what to do.
  if (error instanceof AppError && (error.httpStatus < 500 || error.httpStatus === 502 || error.httpStatus === 503)) {
    return {
      status: error.httpStatus,
      body: {
        error: { code: error.code, message: error.message, request_id: requestId },
        ...(error.issues ? { errors: error.issues } : {}),
        ...error.details,
      },
      headers,
    };
  }
  const fault = dbFaultReply(error);
  if (fault) {
    console.warn(`${where}: database fault ${fault.cause}, answered 503 ${fault.code}`);
    return {
      status: 503,
      body: { error: { code: fault.code, message: fault.message, request_id: requestId } },
      headers: { ...headers, "retry-after": String(RETRY_AFTER_SECONDS) },
    };
  }
  console.error(where, loggableError(error));
  return {
    status: 500,
    body: { error: { code: "INTERNAL", message: `Internal error (request ${requestId}).`, request_id: requestId } },
    headers,
  };
}

async function authenticate(
  request: Request,
  db: Database,
  config: { scope: ApiScope; sessionRole?: Role; publishable?: PublishableRoute },
): Promise<Principal | Response> {
  const { scope, sessionRole } = config;
  const requestId = requestIdFrom(request.headers);
  const authorization = request.headers.get("authorization");
  if (authorization) {
    // The key is looked up first: a valid one is served whatever its address sent before, and only
    // wrong ones count toward (and are refused by) the address's limit (auth/invalid-key-limit.ts).
    const wrongKey = (message: string) => {
      const retryAfter = recordInvalidKey(clientAddressFrom(request.headers));
      if (retryAfter === 0) return errorResponse(401, "UNAUTHENTICATED", message, requestId);
      const refused = errorResponse(429, "RATE_LIMITED", `Too many invalid keys; retry in ${retryAfter} s.`, requestId);
      refused.headers.set("retry-after", String(retryAfter));
      return refused;
    };
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match?.[1]?.startsWith("pk_")) {
      const pk = await publishablePrincipal(db, match[1], request, config.publishable);
      if ("kind" in pk) return pk;
      if (pk.status === 401) return wrongKey(pk.message);
      return errorResponse(pk.status, pk.code, pk.message, requestId);
    }
    const key = match?.[1] ? await authenticateApiKey(db, match[1]) : null;
    if (!key) return wrongKey("Invalid, revoked or malformed API key.");
    if (!scopesAllow(key.scopes, scope)) {
      return errorResponse(403, "FORBIDDEN", `This API key lacks the ${scope} scope.`, requestId);
    }
    return { kind: "api_key", ...key };
  }
  const operator = await getOperatorFromHeaders(request.headers);
  if (!operator) {
    return errorResponse(401, "UNAUTHENTICATED", "Send Authorization: Bearer <api key>, or sign in.", requestId);
  }
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request.headers)) {
    return errorResponse(403, "FORBIDDEN", "Cross-origin or Origin-less request refused.", requestId);
  }
  const role = sessionRole ?? ROLE_FOR_SCOPE[scope];
  // A role held on some agent lets the request in; the agent it reaches is checked by its lookup.
  const have = highestRole(operator.role, await agentAccessOf(db, operator));
  if (!roleAtLeast(have, role)) {
    return errorResponse(403, "FORBIDDEN", `This needs the ${role} role; you are ${have}.`, requestId);
  }
  return operator;
}

/** The path parameters after the text policy and the route's schema, or the 404 that names none. */
async function readParams(
  segment: { params?: Promise<Record<string, string>> } | undefined,
  schema: z.ZodType | undefined,
  requestId: string,
): Promise<unknown | Response> {
  const raw = (await segment?.params) ?? {};
  // A path segment with text no row can hold names no resource (and must not reach a query).
  const badParams = findUnstorableText(raw);
  if (badParams.length > 0) return errorResponse(404, "NOT_FOUND", "No such resource.", requestId, badParams);
  if (!schema) return raw;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return errorResponse(404, "NOT_FOUND", "No such resource.", requestId, issuesFromZod(parsed.error));
  }
  return parsed.data;
}

/**
 * The body through the request guard (413/400; an upload's multipart form, 415 when it is not one),
 * the text policy and the route's schema (422). An upload's files reach the schema as `File`s, which
 * the text policy leaves alone (it reads strings and plain objects).
 */
async function readBody(request: Request, schema: z.ZodType, kind: BodyKind, requestId: string) {
  const read = kind === "upload" ? await readGuardedForm(request) : await readGuardedJson(request, kind);
  if (!read.ok) return errorResponse(read.status, read.code, read.message, requestId, read.issues);
  const badText = findUnstorableText(read.value);
  if (badText.length > 0) {
    return errorResponse(422, "VALIDATION", "The request body has text that cannot be stored.", requestId, badText);
  }
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) {
    return errorResponse(422, "VALIDATION", "The request body is invalid.", requestId, issuesFromZod(parsed.error));
  }
  return parsed.data;
}

interface RouteConfig<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas = never> {
  scope: ApiScope;
  /** A signed-in operator needs this role instead of the scope's (starting work a viewer may only read). */
  sessionRole?: Role;
  body?: BS;
  /**
   * The body's size class (request-guard/body-limits.ts); "json" unless it is a whole bundle, an API
   * document, or an upload (multipart/form-data, its path listed in body-limits.ts too).
   */
  bodyKind?: BodyKind;
  params?: PS;
  /** The success body (or bodies by status): the handler's return type, the OpenAPI document's schema. */
  response: RS;
  /**
   * One of the three routes a publishable key may call (docs/widget.md): "agent-sessions" starts a
   * session on the key's agent; "session" also needs the session's token. Unset: a pk key is refused.
   */
  publishable?: PublishableRoute;
  /**
   * The customer's bodies (lib/widget/customer-response-schemas.ts), answered to a publishable key and,
   * with `viewQuery`, to `?view=customer`: what the response contract holds those answers to.
   */
  customer?: { response: CS; viewQuery?: boolean };
  /** Checks before the handler that hold for a repeated `Idempotency-Key` too (a widget's turn limits). */
  admit?: (ctx: RequestContext<BodyOf<BS>, ParamsOf<PS>>) => Promise<void>;
  idempotent?: IdempotentOption<BodyOf<BS>, ParamsOf<PS>>;
}

type BodyOf<BS> = BS extends z.ZodType ? z.infer<BS> : undefined;
type ParamsOf<PS> = PS extends z.ZodType ? z.infer<PS> : Record<string, string>;

type RouteHandlerOf<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas = never> = Handler<
  BodyOf<BS>,
  ParamsOf<PS>,
  [CS] extends [never] ? StatusMap<RS> : BothMaps<StatusMap<RS>, StatusMap<CS>>
>;

/** Runs the handler under the principal's agent grants and sends what it returned. */
async function runHandler<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas>(
  config: RouteConfig<RS, BS, PS, CS>,
  handler: RouteHandlerOf<RS, BS, PS, CS>,
  input: { request: Request; db: Database; principal: Principal; params: unknown; body: unknown; requestId: string },
): Promise<Response> {
  const { request, db, principal, requestId } = input;
  // Every agent lookup in the handler is held to the principal's grants (access/agent-access.ts).
  const needs = principal.kind === "operator" ? (config.sessionRole ?? ROLE_FOR_SCOPE[config.scope]) : null;
  const result = await withAgentAccess(await agentAccessOf(db, principal), needs, async () => {
    const ctx = { request, db, principal, params: input.params as never, body: input.body as never };
    await config.admit?.(ctx);
    const claimed = await claimKey(config, ctx);
    if (claimed instanceof Response) return claimed;
    try {
      const answer = await handler({
        ...ctx,
        actor: actorOf(principal),
        requestId,
        idempotency: claimed,
        reply: (status, replyBody, headers) =>
          NextResponse.json(replyBody, { status, headers }) as Reply<typeof status, typeof replyBody>,
      });
      if (answer instanceof Response && answer.status >= 400) await claimed?.release();
      return answer;
    } catch (error) {
      await claimed?.release();
      throw error;
    }
  });
  if (result instanceof Response) {
    result.headers.set("x-request-id", requestId);
    return result;
  }
  return NextResponse.json(result, { headers: { "x-request-id": requestId } });
}

/** The request's claim on its Idempotency-Key, null without one, or the stored answer sent again. */
async function claimKey<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas>(
  config: RouteConfig<RS, BS, PS, CS>,
  ctx: RequestContext<BodyOf<BS>, ParamsOf<PS>>,
): Promise<IdempotencyClaim | Response | null> {
  const key = config.idempotent ? ctx.request.headers.get("idempotency-key") : null;
  if (!config.idempotent || key === null) return null;
  const { principal } = ctx;
  const claimed = await claimIdempotent(
    ctx.db,
    `${principal.kind}:${principal.id}`,
    key,
    config.idempotent.request(ctx),
  );
  if ("claim" in claimed) return claimed.claim;
  const { replay } = config.idempotent;
  const stored = claimed.replay;
  const response = replay ? await replay(stored, ctx) : NextResponse.json(stored.body, { status: stored.status });
  response.headers.set("idempotent-replayed", "true");
  return response;
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
