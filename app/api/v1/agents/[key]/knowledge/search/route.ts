import { KnowledgeSearchQuery, KnowledgeSearchResult } from "@/lib/knowledge/knowledge-schemas";
import { searchAgentKnowledge } from "@/lib/knowledge/server/knowledge-search";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError, issuesFromZod } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../../params";

// GET /api/v1/agents/{key}/knowledge/search?q=…&k=5 → {passages: [{id, source_id, source_title, heading_path,
// text, score}], answerable, answerability}: what a turn asking `q` would find (docs/knowledge.md).
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: KnowledgeSearchResult },
  async ({ db, params, request }) => {
    // The agent first: outside the key's reach a search is a 404 whatever it asks.
    const agent = await requireAgent(db, params.key);
    const query = KnowledgeSearchQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new AppError("VALIDATION", "Invalid knowledge search.", issuesFromZod(query.error));
    return searchAgentKnowledge(db, agent, query.data.q, query.data.k);
  },
);
