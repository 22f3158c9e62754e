import "server-only";
import type { AgentRow, Database } from "@/db/types";
import { answerabilityReason } from "@/lib/engine/knowledge/answerability";
import { searchKnowledge } from "@/lib/engine/knowledge/compiled-knowledge";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";
import type { KnowledgeSearchResult } from "../knowledge-schemas";

/**
 * What the agent at its latest version would find for `q` asked as a first message, and whether it
 * would answer: the playground's call, the same index and verdict a turn uses (docs/knowledge.md), and
 * the verdict's reason. The passages' scores rank them; whether they answer is the verdict's, which
 * weighs how much of the question the best passage holds, so a top score can come with "would not answer".
 */
export async function searchAgentKnowledge(
  db: Database,
  agent: AgentRow,
  q: string,
  k: number,
): Promise<KnowledgeSearchResult> {
  const compiled = await getCompiledAgent(db, agent, hostPorts().embedder);
  if (!compiled.knowledge)
    return {
      config_version: agent.configVersion,
      passages: [],
      answerable: false,
      answerability: 0,
      reason: "The agent has no knowledge sources.",
    };
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
    reason: answerabilityReason(found.verdict.why, found.verdict.score),
  };
}
