import { ComingSection } from "@/components/console/coming-section";
import { PageHeader } from "@/components/ui/page-header";
import { getAgentCounts } from "@/db/queries/agents";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function TracesPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const counts = await getAgentCounts(db, agent.id);
  return (
    <>
      <PageHeader
        title="Traces"
        description={`${agent.name} · ${counts.turns} turns in ${counts.sessions} sessions recorded`}
      />
      <ComingSection
        title="Trace explorer (arrives with the turn engine)"
        summary="This page will hold:"
        items={[
          "every turn, filterable by session, outcome, scenario, rule fired, violation, provider and time; text search",
          "turn detail: the waterfall of spans, each with its decision and numbers, the provenance and the turn's ledger events",
          "dashboards: outcomes over time, intent heatmap, top fired rules, violations by rule, model calls per turn",
        ]}
      />
    </>
  );
}
