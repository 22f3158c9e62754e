import { errorResponses, jsonContent } from "../openapi/openapi-helpers";
import { CreatedIdentitySecretBody, IdentitySecretStatusBody } from "./identity-secret-schemas";
import {
  CreatedPublishableKeyBody,
  CreatePublishableKeyBody,
  PublishableKeyList,
  RevokedPublishableKeyBody,
} from "./publishable-key-schemas";

// OpenAPI path objects of the publishable-key endpoints and the widget's security schemes (docs/widget.md).

const errors = errorResponses({
  400: "Malformed JSON",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the admin scope",
  404: "No such agent, or no live publishable key with this id on it",
  413: "Body over 1 MiB",
  422: "Validation failed: every path and reason in `errors` (an origin that is not exactly scheme://host[:port], a wildcard, an origin listed twice; an environment the agent does not have, draft, or one listed twice)",
});

const keyParam = { name: "key", in: "path", required: true, schema: { type: "string" } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const admin = { security: [{ apiKey: [] }], "x-focal-scope": "admin" };

export const widgetSecuritySchemes = {
  publishableKey: {
    type: "http",
    scheme: "bearer",
    description:
      "A publishable key (pk_…) for a web page: one agent, from an Origin it lists, on three routes only (start a session, post its turns, read its events); any other route answers 403 PUBLISHABLE_KEY_NOT_ALLOWED.",
  },
  widgetSessionToken: {
    type: "apiKey",
    in: "header",
    name: "X-Focal-Session-Token",
    description:
      "The session_token returned when a publishable key started the session (24 h); the events route also takes it as ?session_token=.",
  },
} as const;

export const publishableKeyPaths = {
  "/api/v1/agents/{key}/publishable-keys": {
    get: {
      summary: "The agent's live publishable keys (prefixes and origins; never the keys)",
      ...admin,
      parameters: [keyParam],
      responses: {
        200: { description: "Publishable keys", content: jsonContent(PublishableKeyList, "output") },
        ...errors(401, 403, 404),
      },
    },
    post: {
      summary: "Create a publishable key for a web page; the answer holds the key, shown this once",
      ...admin,
      parameters: [keyParam],
      requestBody: { required: true, content: jsonContent(CreatePublishableKeyBody) },
      responses: {
        201: { description: "The key", content: jsonContent(CreatedPublishableKeyBody, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
  },
  "/api/v1/agents/{key}/publishable-keys/{id}": {
    delete: {
      summary: "Revoke a publishable key: it answers 401 from then on",
      ...admin,
      parameters: [keyParam, idParam],
      responses: {
        200: { description: "Revoked", content: jsonContent(RevokedPublishableKeyBody, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/v1/agents/{key}/identity-secret": {
    get: {
      summary: "Whether the agent verifies customer identity tokens, and who set its secret when; never the secret",
      ...admin,
      parameters: [keyParam],
      responses: {
        200: { description: "Status", content: jsonContent(IdentitySecretStatusBody, "output") },
        ...errors(401, 403, 404),
      },
    },
    post: {
      summary:
        "Create or rotate the agent's customer identity secret (docs/widget.md#identified-customers); the answer holds it, shown this once",
      ...admin,
      parameters: [keyParam],
      responses: {
        201: { description: "The secret", content: jsonContent(CreatedIdentitySecretBody, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
};
