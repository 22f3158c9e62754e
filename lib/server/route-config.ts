import type { NextResponse } from "next/server";
import type { z } from "zod";
import type { Database } from "@/db/types";
import type { ApiScope, Role } from "@/lib/identity/roles";
import type { IdempotencyClaim, StoredAnswer } from "@/lib/server/idempotency";
import type { PublishableRoute } from "./auth/publishable-key-auth";
import type { Actor } from "./ledger/event-types";
import type { Principal } from "./principal";
import type { BodyKind } from "./request-guard/body-limits";

// What a route hands `defineRoute` (define-route.ts) and what its handler is handed and may return: types
// only, shared by the wrapper's parts (route-auth.ts, route-input.ts, route-handler.ts, route-errors.ts).

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
export type Reply<S extends number, B> = NextResponse & { readonly [typedReply]: { status: S; body: B } };
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

type Handler<B, P, M> = (ctx: RouteContext<B, P, M>) => Promise<HandlerResult<M>>;

/** What the `admit` and `idempotent` hooks are handed: the request as the wrapper read it. */
export interface RequestContext<B, P> {
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

export interface RouteConfig<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas = never> {
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

export type BodyOf<BS> = BS extends z.ZodType ? z.infer<BS> : undefined;
export type ParamsOf<PS> = PS extends z.ZodType ? z.infer<PS> : Record<string, string>;

export type RouteHandlerOf<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas = never> = Handler<
  BodyOf<BS>,
  ParamsOf<PS>,
  [CS] extends [never] ? StatusMap<RS> : BothMaps<StatusMap<RS>, StatusMap<CS>>
>;
