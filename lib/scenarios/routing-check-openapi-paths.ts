import { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { agentKeyParam, operationBuilder } from "../openapi/openapi-helpers";

// OpenAPI path object of "Check routing" (docs/scenarios.md).

const operation = operationBuilder(
  {
    404: "No such agent",
  },
  "input",
);

export const routingCheckPaths = {
  "/api/v1/agents/{key}/routing-check": {
    post: operation("agents:read", {
      summary: "Run the agent's scenario entry examples leave-one-out through the local sensor",
      description:
        "Each enabled scenario's entry examples, one at a time, are left out of their scenario and sent through the local sensor as a first message. Answers where each went (`own`, `other`, `none`, `ambiguous`, `exit`) and how sure the sensor was, the closest other scenario, the examples closer to another scenario than to their own or not routed home, scenarios with fewer than 3 examples, and a summary. An agent with more than about 300 examples gets a sample, the first examples of every scenario in turn (`summary.unchecked` counts the rest); one with no scenarios gets empty tables. No body; writes nothing.",
      parameters: [agentKeyParam],
      ok: { description: "The routing check", schema: RoutingCheckReport },
    }),
  },
};
