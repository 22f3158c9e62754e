import { ComparisonBody } from "@/lib/environments/environment-schemas";
import { splitComparison } from "@/lib/environments/server/environment-comparison";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../../params";

// GET /api/v1/agents/{key}/environments/{name}/comparison → the split's arms side by side, rates with 95 % intervals.
export const GET = defineRoute(
  { scope: "traces:read", params: AgentEnvironmentParams, response: ComparisonBody },
  async ({ db, params }) => splitComparison(db, await requireAgent(db, params.key), params.name),
);
