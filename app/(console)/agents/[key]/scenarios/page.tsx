import { ComingSection } from "@/components/console/coming-section";
import { ScenariosList } from "@/components/scenarios/scenarios-list";
import { PageHeader } from "@/components/ui/page-header";
import { listScenariosWithSteps } from "@/db/queries/agent-config";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function ScenariosPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const scenarios = await listScenariosWithSteps(db, agent.id);
  return (
    <>
      <PageHeader title="Scenarios" description={`${agent.name} · multi-step flows with sticky routing`} />
      <ScenariosList scenarios={scenarios} />
      <ComingSection
        title="Scenario editor (next release)"
        summary="Read-only today. The design studio adds:"
        items={[
          "editing name, intent label, entry examples, steps and transitions",
          "the steps and transitions drawn as a graph you can click into",
          "validation: entry step exists, transitions reference existing steps, unreachable steps and dead ends warned",
        ]}
      />
    </>
  );
}
