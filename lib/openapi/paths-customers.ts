import { errorResponses, jsonContent } from "./openapi-helpers";
import { CustomerDeletionBody } from "./response-schemas";

// OpenAPI path of per-customer deletion.

const errors = errorResponses({
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the admin scope",
  404: "No customer with this id, or it was already deleted; nothing written",
});

export const customersPaths = {
  "/api/v1/customers/{customer_id}": {
    delete: {
      summary: "Delete everything held about one customer, in every agent",
      description:
        "The customer's profiles, sessions, turns, spans, tapes and stored API responses, turns in batches (a turn never loses its spans), and their sessions and turns out of every stored replay and test run report and job payload; then a CUSTOMER_DELETED ledger event holding only a hash of the id and the counts. The ledger still verifies.",
      security: [{ apiKey: [] }],
      "x-focal-scope": "admin",
      parameters: [{ name: "customer_id", in: "path", required: true, schema: { type: "string", maxLength: 200 } }],
      responses: {
        200: { description: "Deleted", content: jsonContent(CustomerDeletionBody, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
};
