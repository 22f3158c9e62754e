import "server-only";
import type { AgentRow, Database } from "@/db/types";
import { searchKnowledge } from "@/lib/engine/knowledge/compiled-knowledge";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";
import type { KnowledgeSearchResult } from "../knowledge-schemas";

/**
 * What the agent at its latest version would find for `q` asked as a first message, and whether it
 * would answer: the playground's call, the same index and verdict a turn uses (docs/knowledge.md).
 */
export async function searchAgentKnowledge(
  db: Database,
  agent: AgentRow,
  q: string,
  k: number,
): Promise<KnowledgeSearchResult> {
  const compiled = await getCompiledAgent(db, agent, hostPorts().embedder);
  if (!compiled.knowledge)
    return { config_version: agent.configVersion, passages: [], answerable: false, answerability: 0 };
  const found = await searchKnowledge(compiled.knowledge, [{ role: "customer", text: q }], k);
  return {
    config_version: agent.configVersion,
    passages: found.passages.map(({ passage, score }) => ({
      id: passage.id,
      source_id: passage.sourceId,
      source_title: passage.title,
      heading_path: passage.headingPath,
      text: passage.text,
      score,
    })),
    answerable: found.verdict.answerable,
    answerability: found.verdict.score,
  };
}
