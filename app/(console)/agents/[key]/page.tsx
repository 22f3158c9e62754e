import { AgentOverview } from "@/components/agents/agent-overview";
import { getAgentCounts } from "@/db/queries/agents";
import { listLedgerEvents } from "@/db/queries/ledger";
import { readBudget } from "@/lib/budgets/server/agent-budget";
import { productionServes } from "@/lib/environments/server/production-serves";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { parseDashboardDays } from "@/lib/traces/dashboard-series";
import { loadAgentDashboard } from "@/lib/traces/server/load-agent-dashboard";

async function AgentPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ days?: string | string[] }>;
}) {
  await requireAgentOperator((await params).key);
  const { key } = await params;
  const days = parseDashboardDays((await searchParams).days);
  const db = await getDb();
  const agent = await requirePageAgent(key);
  // Not awaited: the dashboard streams in under its own Suspense boundary.
  const dashboard = loadAgentDashboard(db, agent.id, days);
  dashboard.catch(() => {}); // React reports a failure at the boundary; this only keeps Node quiet.
  const [counts, served, { events }, budget] = await Promise.all([
    getAgentCounts(db, agent.id),
    productionServes(db, agent),
    listLedgerEvents(db, { agentId: agent.id, limit: 10, excludeTypes: ["TURN_COMPLETED"] }),
    readBudget(db, agent),
  ]);
  return (
    <AgentOverview
      agent={agent}
      counts={counts}
      served={served}
      recentChanges={events}
      budget={budget}
      dashboard={dashboard}
    />
  );
}

export default definePage(AgentPage);
