import { agentCollection, agentKeyParam, operationBuilder, pathParam } from "../openapi/openapi-helpers";
import {
  ComparisonBody,
  CreateEnvironmentBody,
  DeletedEnvironmentBody,
  EndSplitBody,
  EnvironmentBody,
  EnvironmentList,
  PromoteBody,
  SplitBody,
} from "./environment-schemas";

// OpenAPI path objects of the environment endpoints (docs/environments.md).

const operation = operationBuilder({
  404: "No such agent or environment",
  409: "CONFLICT: a promotion of the environment is running, or it is (not) split as the call needs; TESTS_GATE: the version turns passing conversation tests red (an admin may force with `force_reason`)",
  422: "Validation failed: every path and reason in `errors` (a version that was never kept, percentages not adding up to 100, a version listed twice, production deleted, nothing to roll back to)",
});

const environmentParams = [agentKeyParam, pathParam("name", { type: "string" }, "production, or a named environment")];

export const environmentPaths = {
  "/api/v1/agents/{key}/environments": agentCollection(operation, {
    list: {
      scope: "agents:read",
      summary: "The agent's environments: pins, splits and running promotions",
      ok: { description: "Environments", schema: EnvironmentList },
    },
    add: {
      scope: "agents:write",
      summary: "Add a named environment pinned to a kept version (default: the latest)",
      body: CreateEnvironmentBody,
      ok: { description: "The environment", schema: EnvironmentBody },
    },
  }),
  "/api/v1/agents/{key}/environments/{name}": {
    delete: operation("agents:write", {
      summary: "Delete a named environment and its pin history (not production)",
      parameters: environmentParams,
      ok: { description: "Deleted", schema: DeletedEnvironmentBody, io: "input" },
      also: [422],
    }),
  },
  "/api/v1/agents/{key}/environments/{name}/promote": {
    post: operation("agents:write", {
      summary: "Pin a version after the conversation-test gate; ENVIRONMENT_PINNED in the ledger",
      parameters: environmentParams,
      body: PromoteBody,
      ok: { description: "The environment", schema: EnvironmentBody },
      also: [409],
    }),
  },
  "/api/v1/agents/{key}/environments/{name}/rollback": {
    post: operation("agents:write", {
      summary: "Back to the previous pin (no test gate); ENVIRONMENT_ROLLED_BACK in the ledger",
      parameters: environmentParams,
      ok: { description: "The environment", schema: EnvironmentBody },
      also: [409, 422],
    }),
  },
  "/api/v1/agents/{key}/environments/{name}/split": {
    put: operation("agents:write", {
      summary: "Split new sessions between kept versions by percent, sticky per customer_id; SPLIT_STARTED",
      parameters: environmentParams,
      body: SplitBody,
      ok: { description: "The environment", schema: EnvironmentBody },
      also: [409],
    }),
  },
  "/api/v1/agents/{key}/environments/{name}/split/end": {
    post: operation("agents:write", {
      summary: "End the split keeping one arm (a promotion through the test gate when it changes the pin); SPLIT_ENDED",
      parameters: environmentParams,
      body: EndSplitBody,
      ok: { description: "The environment", schema: EnvironmentBody },
      also: [409],
    }),
  },
  "/api/v1/agents/{key}/environments/{name}/comparison": {
    get: operation("traces:read", {
      summary:
        "The split's arms side by side since it started: rates with 95 % Wilson intervals and whether differences are clear",
      parameters: environmentParams,
      ok: { description: "Comparison", schema: ComparisonBody },
      also: [409],
    }),
  },
};
