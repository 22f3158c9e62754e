import { KnowledgeSearchQuery, KnowledgeSearchResult } from "@/lib/knowledge/knowledge-schemas";
import { searchAgentKnowledge } from "@/lib/knowledge/server/knowledge-search";
import { defineRoute } from "@/lib/server/define-route";
import { AppError, issuesFromZod } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../../params";

// GET /api/v1/agents/{key}/knowledge/search?q=…&k=5 → {passages: [{id, source_id, source_title, heading_path,
// text, score}], answerable, answerability}: what a turn asking `q` would find (docs/knowledge.md).
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: KnowledgeSearchResult },
  async ({ db, params, request }) => {
    const query = KnowledgeSearchQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new AppError("VALIDATION", "Invalid knowledge search.", issuesFromZod(query.error));
    return searchAgentKnowledge(db, params.key, query.data.q, query.data.k);
  },
);
