import { agentCollection, agentKeyParam, operationBuilder, uuidParam } from "../openapi/openapi-helpers";
import { CreatedIdentitySecretBody, IdentitySecretStatusBody } from "./identity-secret-schemas";
import {
  CreatedPublishableKeyBody,
  CreatePublishableKeyBody,
  PublishableKeyList,
  RevokedPublishableKeyBody,
} from "./publishable-key-schemas";

// OpenAPI path objects of the publishable-key endpoints and the widget's security schemes (docs/widget.md).

const operation = operationBuilder({
  403: "The key lacks the admin scope",
  404: "No such agent, or no live publishable key with this id on it",
  422: "Validation failed: every path and reason in `errors` (an origin that is not exactly scheme://host[:port], a wildcard, an origin listed twice; an environment the agent does not have, draft, or one listed twice)",
});

/** Every operation here needs the admin scope. */
const admin = (spec: Parameters<typeof operation>[1]) => operation("admin", spec);

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
  "/api/v1/agents/{key}/publishable-keys": agentCollection(operation, {
    list: {
      scope: "admin",
      summary: "The agent's live publishable keys (prefixes and origins; never the keys)",
      ok: { description: "Publishable keys", schema: PublishableKeyList },
    },
    add: {
      scope: "admin",
      summary: "Create a publishable key for a web page; the answer holds the key, shown this once",
      body: CreatePublishableKeyBody,
      ok: { description: "The key", schema: CreatedPublishableKeyBody },
    },
  }),
  "/api/v1/agents/{key}/publishable-keys/{id}": {
    delete: admin({
      summary: "Revoke a publishable key: it answers 401 from then on",
      parameters: [agentKeyParam, uuidParam()],
      ok: { description: "Revoked", schema: RevokedPublishableKeyBody },
    }),
  },
  "/api/v1/agents/{key}/identity-secret": {
    get: admin({
      summary: "Whether the agent verifies customer identity tokens, and who set its secret when; never the secret",
      parameters: [agentKeyParam],
      ok: { description: "Status", schema: IdentitySecretStatusBody },
    }),
    post: admin({
      summary:
        "Create or rotate the agent's customer identity secret (docs/widget.md#identified-customers); the answer holds it, shown this once",
      parameters: [agentKeyParam],
      ok: { status: 201, description: "The secret", schema: CreatedIdentitySecretBody },
    }),
  },
};
