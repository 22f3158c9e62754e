import { operationBuilder, uuidParam } from "../openapi/openapi-helpers";
import { RevealPiiBody, RevealPiiResponse } from "./pii-reveal-schemas";

// OpenAPI path object of the reveal endpoint (docs/privacy.md#reveal); same zod schemas as the route.

const operation = operationBuilder({
  403: "The key lacks pii:read, or the operator is not an admin",
  404: "No such session (or its agent is outside the grant), or no value the vault can read behind the placeholder",
  422: "The placeholder is not of the form [LABEL_n]",
});

export const piiPaths = {
  "/api/v1/sessions/{id}/pii/reveal": {
    post: operation("pii:read", {
      summary: "The real value behind a placeholder of the session's messages; each reveal is ledgered (PII_REVEALED)",
      parameters: [uuidParam("id", "Session id")],
      body: RevealPiiBody,
      ok: { description: "The value", schema: RevealPiiResponse },
      errors: [401, 403, 404, 422],
    }),
  },
};
