import {
  ReformulationCandidate,
  ReformulationVerdict,
  ValidateReformulationBody,
} from "@/lib/engine/contracts/goal-state";
import { GoalReformulationResponse, RestoreGoalResponse } from "@/lib/goals/goal-response-schemas";
import { operationBuilder, uuidParam } from "../openapi/openapi-helpers";

// OpenAPI path objects of the goal reformulation endpoints, for buildOpenApiDocument() to spread into
// its `paths` (`...goalsPaths`). Same zod schemas as the routes validate with.

const operation = operationBuilder(
  {
    403: "The key lacks the goals:write scope",
    404: "No such session",
    409: "The session has no original goal yet (it is set from the first clear request)",
    422: "Validation failed: every path and reason in `errors` (e.g. confidence outside [0, 1])",
    503: "DTL-STRAT-011: the ledger event could not be written, nothing was applied",
  },
  "input",
);

export const goalsPaths = {
  "/api/v1/goal-reformulations/validate": {
    post: operation("goals:write", {
      summary: "Check a goal reformulation against the five reformulation criteria (no side effects)",
      description:
        "Confidence ≥ 0.9 (DTL-STRAT-007), intent preservation ≥ 0.95 as a token mapping (008), ≥ 1 supporting evidence (009), no scope expansion (010), reversible. `code` is the first failing criterion's; every failing one is in `failed_criteria`.",
      body: ValidateReformulationBody,
      ok: { description: "The verdict", schema: ReformulationVerdict },
    }),
  },
  "/api/v1/sessions/{id}/goal/reformulations": {
    post: operation("goals:write", {
      summary: "Propose a reformulation of the session's original goal",
      description:
        "Validated against the session's original goal; GOAL_REFORMULATION (or GOAL_REFORMULATION_REJECTED with its code) is committed to the ledger with the goal state, before any turn uses it.",
      parameters: [uuidParam()],
      body: ReformulationCandidate,
      ok: { description: "The verdict, its ledger event and the session's goal", schema: GoalReformulationResponse },
      also: [409, 503],
    }),
  },
  "/api/v1/sessions/{id}/goal/restore": {
    post: operation("goals:write", {
      summary: "Discard the active reformulation: the next turn runs on the original goal (GOAL_RESTORED)",
      parameters: [uuidParam()],
      ok: { description: "The session's goal", schema: RestoreGoalResponse },
      also: [503],
    }),
  },
};
