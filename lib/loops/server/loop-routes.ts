import "server-only";
import { LoopCompleteBody, LoopIdParams, OverrideGuardrailsBody } from "@/lib/loops/api-schemas";
import {
  GuardrailsStatusBody,
  LoopCompleteErrorBody,
  LoopCompleteResponseBody,
  OverrideGuardrailsResponseBody,
} from "@/lib/loops/loop-response-schemas";
import { defineRoute, errorResponse } from "@/lib/server/define-route";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { completeLoop } from "./complete-loop";
import { overrideLoop } from "./override-loop";
import { readGuardrailsStatus } from "./read-guardrails-status";

// The three orchestrator loop endpoints, served at their published paths (app/orchestrator/…) and under /api/v1
// (app/api/v1/orchestrator/…): both route files export these same handlers.

// 422: the request is well-formed JSON but its reflection_status is not one the endpoint accepts ("done").
const INVALID_STATUS_HTTP = 422;

/** POST /orchestrator/loop-complete */
export const loopCompleteRoute = defineRoute(
  {
    scope: "loops:write",
    body: LoopCompleteBody,
    response: { 200: LoopCompleteResponseBody, [INVALID_STATUS_HTTP]: LoopCompleteErrorBody },
  },
  async ({ db, body, actor, requestId, reply }) => {
    const result = await completeLoop(db, body, { actor, requestId });
    if (result.kind === "invalid_status") return reply(INVALID_STATUS_HTTP, result.response);
    if (result.kind === "judge_unavailable") {
      return errorResponse(
        503,
        "UNAVAILABLE",
        `The model could not judge the loop (${result.reason}); nothing was stored. Retry, or send a precomputed reflection.`,
        requestId,
      );
    }
    return result.response;
  },
);

/** GET /orchestrator/guardrails-status/{loop_id} */
export const guardrailsStatusRoute = defineRoute(
  { scope: "loops:read", params: LoopIdParams, response: GuardrailsStatusBody },
  async ({ db, params }) => readGuardrailsStatus(db, params.loop_id),
);

/** POST /orchestrator/override-guardrails/{loop_id} */
export const overrideGuardrailsRoute = defineRoute(
  {
    scope: "loops:override",
    params: LoopIdParams,
    body: OverrideGuardrailsBody,
    response: OverrideGuardrailsResponseBody,
  },
  async ({ db, params, body, actor, requestId }) =>
    overrideLoop(db, params.loop_id, body, { actor, requestId, now: hostPorts().clock.now() }),
);
