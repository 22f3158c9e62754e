import { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import { agentKeyParam, operationBuilder, pathParam } from "../openapi/openapi-helpers";
import {
  CONFIG_KIND_NAMES,
  CONFIG_KINDS,
  type ConfigKind,
  configKindBodies,
  SettingsBody,
  SettingsWrittenBody,
} from "./config-kinds";

// OpenAPI path objects of configuration as code (docs/config-as-code.md): five kinds of entity, each
// with the same five operations, and the agent's settings.

const operation = operationBuilder({
  400: "Malformed JSON, or an If-Match that names no config_version",
  404: "No such agent, or no entity with this key",
  409: "IN_USE: a delete while rules, scenario steps or conversation tests refer to the entity (`references` lists them); TESTS_GATE: the agent's test gate (block) refused a change that turns passing conversation tests red",
  412: "PRECONDITION_FAILED: If-Match names a config_version the agent has moved on from (`config_version` is the current one); nothing was written",
  422: "Validation failed: every path and reason in `errors` (the bundle schema's checks, then the editors' checks against the whole agent)",
});

const ifMatch = {
  name: "If-Match",
  in: "header",
  required: false,
  schema: { type: "string" },
  description:
    'The config_version the write expects, as the ETag of a read gave it ("7"); without it the write applies at the current version.',
};
const etag = { ETag: { description: "The agent's config_version after the request", schema: { type: "string" } } };
const withETag = (op: { responses: Record<string, object> }, status: number) => ({
  ...op,
  responses: { ...op.responses, [status]: { ...op.responses[status], headers: etag } },
});

function kindPaths(kind: ConfigKind) {
  const { entity, schema } = CONFIG_KINDS[kind];
  const bodies = configKindBodies(kind);
  const noun = entity.replace("_", " ");
  const one = [agentKeyParam, pathParam("entity_key")];
  return {
    [`/api/v1/agents/{key}/${kind}`]: {
      get: withETag(
        operation("config:read", {
          summary: `The agent's ${kind.replace("-", " ")}, as in its bundle`,
          parameters: [agentKeyParam],
          ok: { description: "The list and the config_version", schema: bodies.list },
        }),
        200,
      ),
      post: withETag(
        operation("config:write", {
          summary: `Add a ${noun}: the editor's checks, one new config version, CONFIG_CHANGED in the ledger`,
          parameters: [agentKeyParam, ifMatch],
          body: schema,
          ok: { status: 201, description: "Created", schema: bodies.written },
          also: [409, 412],
        }),
        201,
      ),
    },
    [`/api/v1/agents/{key}/${kind}/{entity_key}`]: {
      get: withETag(
        operation("config:read", {
          summary: `One ${noun}`,
          parameters: one,
          ok: { description: `The ${noun} and the config_version`, schema: bodies.one },
        }),
        200,
      ),
      put: withETag(
        operation("config:write", {
          summary: `Replace a ${noun} (a new key in the body renames it); a body equal to the stored one writes nothing`,
          parameters: [...one, ifMatch],
          body: schema,
          ok: { description: "Saved (`changed` false: nothing to change)", schema: bodies.written },
          also: [409, 412],
        }),
        200,
      ),
      delete: withETag(
        operation("config:write", {
          summary: `Delete a ${noun}; refused (409 IN_USE) while anything refers to it`,
          parameters: [...one, ifMatch],
          ok: { description: "Deleted", schema: bodies.deleted },
          also: [409, 412],
        }),
        200,
      ),
    },
  };
}

export const configPaths: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(CONFIG_KIND_NAMES.flatMap((kind) => Object.entries(kindPaths(kind)))),
  "/api/v1/agents/{key}/settings": {
    get: withETag(
      operation("config:read", {
        summary: "The agent's settings: the keys set (the rest take their defaults)",
        parameters: [agentKeyParam],
        ok: { description: "Settings and the config_version", schema: SettingsBody },
      }),
      200,
    ),
    put: withETag(
      operation("config:write", {
        summary: "Replace the agent's settings, as the settings editor saves them",
        parameters: [agentKeyParam, ifMatch],
        body: AgentSettingsInput,
        ok: { description: "Saved", schema: SettingsWrittenBody },
        also: [409, 412],
      }),
      200,
    ),
  },
};
