import type { Metadata } from "next";
import { AgentsList } from "@/components/agents/agents-list";
import { listAgents } from "@/db/queries/agents";
import { definePage, reachableAgentsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Agents" };

async function AgentsPage() {
  await requireOperator();
  const agents = await reachableAgentsForPage(await listAgents(await getDb()));
  return <AgentsList agents={agents} />;
}

export default definePage(AgentsPage);
