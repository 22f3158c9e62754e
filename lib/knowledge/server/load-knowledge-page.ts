import "server-only";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { KnowledgePageData } from "../knowledge-page";
import { sourceSummary } from "./knowledge-sources";

/** The Knowledge page's data (readAgentConfig: one read). NOT_FOUND: no such agent. */
export async function loadKnowledgePage(db: Database, agentKey: string): Promise<KnowledgePageData> {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  return {
    agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
    sources: bundle.knowledge_sources.map((source) => {
      const { passages, pages, instructions } = sourceSummary(source);
      return { ...source, passages, pages, instructions };
    }),
    scenarios: bundle.scenarios.map(({ key, name }) => ({ key, name })),
  };
}
