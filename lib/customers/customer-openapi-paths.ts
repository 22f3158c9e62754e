import { CustomerDeletionBody } from "@/lib/customers/customer-deletion-body";
import { CreatedApiKeyBody } from "@/lib/identity/api-key-response-schema";
import { CreateApiKeyInput } from "@/lib/identity/schemas";
import { operationBuilder, pathParam } from "../openapi/openapi-helpers";

// OpenAPI paths of per-customer deletion and API key creation (admin).

const operation = operationBuilder({
  403: "The key lacks the admin scope",
  404: "No customer with this id, or it was already deleted; nothing written",
  422: "A field is invalid (an unknown agent key is named by its path, agents[i]); nothing written",
});

export const customersPaths = {
  "/api/v1/api-keys": {
    post: operation("admin", {
      summary: "Create an API key, optionally limited to some agents",
      description:
        "The key is in this answer only; the database keeps its SHA-256. `agents` (agent keys) limits it: every other agent answers 404 as if it did not exist, and agent lists show only these. A key with the admin scope reaches every agent. Ledgered as API_KEY_CREATED.",
      body: CreateApiKeyInput,
      ok: { status: 201, description: "Created", schema: CreatedApiKeyBody },
      errors: [400, 401, 403, 422],
    }),
  },
  "/api/v1/customers/{customer_id}": {
    delete: operation("admin", {
      summary: "Delete everything held about one customer, in every agent",
      description:
        "The customer's profiles, sessions, turns, spans, tapes and stored API responses, turns in batches (a turn never loses its spans), and their sessions and turns out of every stored replay and test run report and job payload; then a CUSTOMER_DELETED ledger event holding only a hash of the id and the counts. The ledger still verifies.",
      parameters: [pathParam("customer_id", { type: "string", maxLength: 200 })],
      ok: { description: "Deleted", schema: CustomerDeletionBody },
    }),
  },
};
