import { AgentOverview } from "@/components/agents/agent-overview";
import { getAgentCounts } from "@/db/queries/agents";
import { listLedgerEvents } from "@/db/queries/ledger";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function AgentPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const { key } = await params;
  const db = await getDb();
  const agent = await getAgentOr404(db, key);
  const [counts, { events }] = await Promise.all([
    getAgentCounts(db, agent.id),
    listLedgerEvents(db, { agentId: agent.id, limit: 10 }),
  ]);
  return <AgentOverview agent={agent} counts={counts} recentChanges={events} />;
}
