import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError, issuesFromZod } from "@/lib/server/errors";
import { agentUsage } from "@/lib/usage/server/agent-usage";
import { UsageBody, UsageQuery } from "@/lib/usage/usage-schemas";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/usage?from&to&group=day|version|environment → {from, to, group, rows, total}:
// tokens, cost, turns and conversations per group (docs/pipeline.md#reading-cost).
export const GET = defineRoute(
  { scope: "traces:read", params: AgentKeyParams, response: UsageBody },
  async ({ db, params, request }) => {
    const query = UsageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new AppError("VALIDATION", "Invalid usage query.", issuesFromZod(query.error));
    const agent = await requireAgent(db, params.key);
    return agentUsage(db, agent, query.data);
  },
);
