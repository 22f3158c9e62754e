import { errorResponses, jsonContent } from "../openapi/openapi-helpers";
import { APPROVAL_STATES, ApprovalDecisionBody, ApprovalListBody, DecideApprovalBody } from "./approval-schemas";

// OpenAPI path objects of the approval endpoints (docs/approvals.md), for buildOpenApiDocument() to
// spread into its `paths`. Same zod schemas as the routes validate with.

const errors = errorResponses({
  400: "Malformed JSON, or a query parameter that cannot be read",
  403: "The key lacks the scope, or the operator lacks the role (operator for decisions)",
  404: "No such approval or agent (or its agent is outside the grant)",
  409: "The approval is already decided (the message names the state and by whom), or the session is with a person",
  410: "The approval expired before the decision: it counts as denied; nothing was written",
  422: "Validation failed: the reason is empty or over 500 characters",
});

const secured = (scope: "handoffs:read" | "handoffs:write") => ({ security: [{ apiKey: [] }], "x-focal-scope": scope });

const decide = (verb: "approve" | "deny", summary: string) => ({
  post: {
    summary,
    ...secured("handoffs:write"),
    parameters: [
      {
        name: "id",
        in: "path",
        required: true,
        description: "Approval id",
        schema: { type: "string", format: "uuid" },
      },
    ],
    requestBody: { required: true, content: jsonContent(DecideApprovalBody) },
    responses: {
      200: {
        description: verb === "approve" ? "Approved; the resumed turn's reply" : "Denied; the agent's denied reply",
        content: jsonContent(ApprovalDecisionBody, "output"),
      },
      ...errors(400, 401, 403, 404, 409, 410, 413, 422),
    },
  },
});

export const approvalPaths = {
  "/api/v1/approvals": {
    get: {
      summary: "Tool calls waiting for (or given) an operator's decision, of the agents within the grant",
      ...secured("handoffs:read"),
      parameters: [
        {
          name: "state",
          in: "query",
          required: false,
          description: "pending (default, oldest first), approved, denied or expired (newest first)",
          schema: { type: "string", enum: [...APPROVAL_STATES] },
        },
        { name: "agent", in: "query", required: false, description: "An agent key", schema: { type: "string" } },
        {
          name: "limit",
          in: "query",
          required: false,
          description: "1–200, default 50",
          schema: { type: "integer", minimum: 1, maximum: 200 },
        },
      ],
      responses: {
        200: { description: "Approvals", content: jsonContent(ApprovalListBody, "output") },
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/api/v1/approvals/{id}/approve": decide("approve", "Approve a paused tool call: the turn resumes, the tool runs"),
  "/api/v1/approvals/{id}/deny": decide("deny", "Deny a paused tool call: the agent tells the customer it could not"),
};
