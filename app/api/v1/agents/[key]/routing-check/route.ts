import { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { checkAgentRouting } from "@/lib/routing-check/server/check-agent-routing";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/routing-check → each enabled scenario's entry examples run leave-one-out
// through the local sensor: where each went, how sure it was, the flagged ones and a summary
// (docs/scenarios.md). Reads only; POST because it computes rather than fetches.
export const POST = defineRoute(
  { scope: "agents:read", params: AgentKeyParams, response: RoutingCheckReport },
  async ({ db, params }) => checkAgentRouting(db, params.key),
);
