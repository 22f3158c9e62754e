import { agentCollection, agentKeyParam, operationBuilder, pathParam, queryParam } from "../openapi/openapi-helpers";
import {
  CreateCredentialBody,
  CredentialBody,
  CredentialList,
  DeletedCredentialBody,
  RotateCredentialBody,
} from "./credential-schemas";

// OpenAPI path objects of an agent's tool credentials (docs/tools.md#credentials). No answer holds a secret.

const operation = operationBuilder({
  404: "No such agent or credential binding",
  409: "CONFLICT: the binding exists already (rotate it with PUT); IN_USE: tools name the credential (listed in `references`)",
  422: "Validation failed: every path and reason in `errors` (an unknown kind or environment, a value with a line break, a reserved header)",
});

const nameParam = pathParam("name", { type: "string", pattern: "^[a-z0-9][a-z0-9_-]{0,63}$" }, "The credential's name");
const environmentParam = queryParam(
  "environment",
  { type: "string" },
  "The environment whose binding is meant; absent: the agent's default",
);

export const credentialPaths = {
  "/api/v1/agents/{key}/credentials": agentCollection(operation, {
    list: {
      scope: "config:read",
      summary:
        "The agent's credential bindings: name, kind, environment, fingerprint and the tools using each; never a secret",
      ok: { description: "Credentials", schema: CredentialList },
    },
    add: {
      scope: "credentials:write",
      summary:
        "Add a credential (or an environment's own value for an existing name); the value is sealed and never shown again",
      body: CreateCredentialBody,
      ok: { description: "The binding, without its secret", schema: CredentialBody },
      also: [409],
    },
  }),
  "/api/v1/agents/{key}/credentials/{name}": {
    get: operation("config:read", {
      summary: "One binding of a credential, without its secret",
      parameters: [agentKeyParam, nameParam, environmentParam],
      ok: { description: "The binding", schema: CredentialBody },
      also: [422],
    }),
    put: operation("credentials:write", {
      summary: "Rotate a binding: a new value, a new fingerprint; a cached OAuth token is dropped",
      parameters: [agentKeyParam, nameParam],
      body: RotateCredentialBody,
      ok: { description: "The binding, without its secret", schema: CredentialBody },
    }),
    delete: operation("credentials:write", {
      summary: "Delete a binding; refused while tools would be left without a value (409 IN_USE names them)",
      parameters: [agentKeyParam, nameParam, environmentParam],
      ok: { description: "Deleted", schema: DeletedCredentialBody, io: "input" },
      also: [409, 422],
    }),
  },
};
