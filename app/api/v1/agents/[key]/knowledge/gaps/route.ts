import { KnowledgeGaps, KnowledgeGapsQuery } from "@/lib/knowledge/knowledge-gap-schemas";
import { loadKnowledgeGaps } from "@/lib/knowledge/server/knowledge-gaps";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError, issuesFromZod } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../../params";

// GET /api/v1/agents/{key}/knowledge/gaps?days=30&limit=50 → {config_version, days, turns, groups: [{question,
// count, last_seen, examples: [{session_id, turn_id, text, channel}], answered_in_version}]}: the questions the
// agent abstained on, grouped, most asked first (docs/knowledge.md#gaps).
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: KnowledgeGaps },
  async ({ db, params, request }) => {
    // The agent first: outside the key's reach the route is a 404 whatever it asks.
    await requireAgent(db, params.key);
    const query = KnowledgeGapsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new AppError("VALIDATION", "Invalid gaps query.", issuesFromZod(query.error));
    return loadKnowledgeGaps(db, params.key, query.data);
  },
);
