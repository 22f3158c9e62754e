import "server-only";
import { knowledgeSourceFetchesOf } from "@/db/queries/knowledge";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { KnowledgePageData } from "../knowledge-page";
import { sourceSummary } from "./knowledge-sources";

/** The Knowledge page's data (readAgentConfig: one read). NOT_FOUND: no such agent. */
export async function loadKnowledgePage(db: Database, agentKey: string): Promise<KnowledgePageData> {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  const fetches = new Map((await knowledgeSourceFetchesOf(db, agent.id)).map((row) => [row.sourceKey, row]));
  return {
    agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
    sources: bundle.knowledge_sources.map((source) => {
      const { passages, pages, fetch, instructions } = sourceSummary(source, fetches.get(source.key));
      return { ...source, passages, pages, fetch, instructions };
    }),
    scenarios: bundle.scenarios.map(({ key, name }) => ({ key, name })),
  };
}
