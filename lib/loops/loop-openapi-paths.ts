import { z } from "zod";
import { LoopId } from "@/lib/engine/loops";
import { LoopCompleteBody, OverrideGuardrailsBody } from "@/lib/loops/api-schemas";
import {
  GuardrailsStatusBody,
  LoopCompleteErrorBody,
  LoopCompleteResponseBody,
  OverrideGuardrailsResponseBody,
} from "@/lib/loops/loop-response-schemas";
import { ErrorBody } from "@/lib/openapi/error-body";
import { jsonContent, operationBuilder } from "../openapi/openapi-helpers";

// OpenAPI path objects of the orchestrator loop endpoints, at their published paths and under /api/v1 (same handlers),
// generated from the zod schemas the routes validate with. Merged into openapi-document.ts's `paths`.

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON or an empty body",
  404: "No such loop",
  409: "The loop belongs to a turn's regeneration loop, or its family to another agent",
  503: "The model could not judge goal + output; nothing stored",
};

const operation = operationBuilder(ERROR_TEXT, "input");

const VALIDATION_422 = "Validation failed: every path and reason in `errors`";
const loopIdParam = {
  name: "loop_id",
  in: "path",
  required: true,
  schema: z.toJSONSchema(LoopId),
  description: "A loop id; reruns are {root}_r{n}",
};

function orchestratorPaths(prefix: "" | "/api/v1") {
  return {
    [`${prefix}/orchestrator/loop-complete`]: {
      post: operation("loops:write", {
        summary: "Complete a loop: the rerun decision with rerun limit, bias echo and fatigue guardrails",
        description:
          "The published request; optional `reflection` (precomputed scores and bias tags) or `goal` + `output` (Focal's judge, the PESSIMIST, computes them). Without either, the loop's stored reflection is reused. A loop id never seen is created. Override flags that lift a tripped guardrail are ledgered as GUARDRAIL_OVERRIDE.",
        body: LoopCompleteBody,
        ok: { description: "The decision (rerun → new_loop_id, finalize, or halt)", schema: LoopCompleteResponseBody },
        responses: {
          422: {
            description: `reflection_status other than "done" (the published error body), or: ${VALIDATION_422}`,
            content: {
              "application/json": { schema: { oneOf: [schemaOf(LoopCompleteErrorBody), schemaOf(ErrorBody)] } },
            },
          },
        },
        errors: [400, 401, 403, 409, 413, 503],
      }),
    },
    [`${prefix}/orchestrator/guardrails-status/{loop_id}`]: {
      get: operation("loops:read", {
        summary: "The guardrails status of one loop",
        parameters: [loopIdParam],
        ok: { description: "Status", schema: GuardrailsStatusBody },
      }),
    },
    [`${prefix}/orchestrator/override-guardrails/{loop_id}`]: {
      post: operation("loops:override", {
        summary: "Override a loop's fatigue and/or rerun-limit guardrail; ledgered as GUARDRAIL_OVERRIDE",
        description:
          "override_by and override_reason are required, and at least one flag must be true. The override is stored on the loop and honoured at its next completion; bias echo cannot be overridden.",
        parameters: [loopIdParam],
        body: OverrideGuardrailsBody,
        ok: { description: "Recorded", schema: OverrideGuardrailsResponseBody },
        responses: { 422: { description: VALIDATION_422, content: jsonContent(ErrorBody) } },
        errors: [400, 401, 403, 404, 409, 413],
      }),
    },
  };
}

/** The six path objects: the three orchestrator loop endpoints at /orchestrator/… and at /api/v1/orchestrator/…. */
export const loopsPaths = { ...orchestratorPaths(""), ...orchestratorPaths("/api/v1") };
