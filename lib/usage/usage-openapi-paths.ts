import { agentKeyParam, operationBuilder, queryParam } from "../openapi/openapi-helpers";
import { MAX_USAGE_DAYS, USAGE_GROUPS, UsageBody } from "./usage-schemas";

// OpenAPI path object of the usage endpoint (docs/pipeline.md#reading-cost).

const operation = operationBuilder({
  404: "No such agent",
  422: `Validation failed: an unknown group, a time that is not ISO 8601, \`from\` not before \`to\`, or a window over ${MAX_USAGE_DAYS} days`,
});

export const usagePaths = {
  "/api/v1/agents/{key}/usage": {
    get: operation("traces:read", {
      summary: "Tokens, cost, turns and conversations per UTC day, config version or environment",
      description:
        "Sums the agent's turns in [from, to) (default the last 30 days) per group, and in all. Cost per resolved conversation divides what the reviewed conversations cost by the resolved ones among them.",
      parameters: [
        agentKeyParam,
        queryParam("from", { type: "string", format: "date-time" }, "Start, inclusive; default 30 days before `to`"),
        queryParam("to", { type: "string", format: "date-time" }, "End, exclusive; default now"),
        queryParam("group", { type: "string", enum: [...USAGE_GROUPS], default: "day" }),
      ],
      ok: { description: "Usage per group and in all", schema: UsageBody },
      also: [422],
    }),
  },
};
