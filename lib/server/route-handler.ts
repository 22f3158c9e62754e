import "server-only";
import { NextResponse } from "next/server";
import type { Database } from "@/db/types";
import { claimIdempotent, type IdempotencyClaim } from "@/lib/server/idempotency";
import { agentAccessOf, withAgentAccess } from "./access/agent-access";
import { actorOf, type Principal } from "./principal";
import { operatorRoleFor } from "./route-auth";
import type {
  BodyOf,
  ParamsOf,
  Reply,
  RequestContext,
  ResponseSchemas,
  RouteConfig,
  RouteHandlerOf,
} from "./route-config";

// The handler's run once `defineRoute` has the principal, parameters and body: under the principal's
// agent grants, after the route's `admit` checks and its claim on the `Idempotency-Key`.

/** Runs the handler under the principal's agent grants and sends what it returned. */
export async function runHandler<RS extends ResponseSchemas, BS, PS, CS extends ResponseSchemas>(
  config: RouteConfig<RS, BS, PS, CS>,
  handler: RouteHandlerOf<RS, BS, PS, CS>,
  input: { request: Request; db: Database; principal: Principal; params: unknown; body: unknown; requestId: string },
): Promise<Response> {
  const { request, db, principal, requestId } = input;
  // Every agent lookup in the handler is held to the principal's grants (access/agent-access.ts).
  const needs = principal.kind === "operator" ? operatorRoleFor(config) : null;
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
