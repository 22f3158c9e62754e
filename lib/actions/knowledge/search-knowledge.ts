"use server";

import { SearchKnowledgeInput } from "@/lib/knowledge/knowledge-action-schemas";
import { searchAgentKnowledge } from "@/lib/knowledge/server/knowledge-search";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineTesterAction } from "@/lib/testers/server/define-tester-action";

// The Knowledge page's playground: what a turn asking `q` would find and whether it would answer.
// Read-only, so a viewer may ask; the agent lookup answers NOT_FOUND outside the operator's reach.
export const searchKnowledgeAction = defineTesterAction(
  { name: "searchKnowledge", schema: SearchKnowledgeInput },
  async (input, db) => searchAgentKnowledge(db, await requireAgent(db, input.agent_key), input.q, input.k),
);
