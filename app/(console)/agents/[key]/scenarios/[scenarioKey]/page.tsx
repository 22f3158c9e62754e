import type { Metadata } from "next";
import Link from "next/link";
import { ScenarioEditor } from "@/components/scenarios/scenario-editor";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadScenariosWorkspace } from "@/lib/scenarios/server/load-scenarios-workspace";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Scenario" };

async function ScenarioPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string; scenarioKey: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const { key, scenarioKey } = await params;
  const data = await orNotFound(loadScenariosWorkspace(await getDb(), decodeURIComponent(key)));
  const wanted = decodeURIComponent(scenarioKey);
  const scenario = data.scenarios.find((s) => s.key === wanted);
  if (!scenario) {
    return (
      <EmptyState
        title={`No scenario "${wanted}"`}
        description={`${data.agent.name} has no scenario with this key: it may have been renamed or deleted since the link was made.`}
        action={
          <Button asChild variant="outline">
            <Link href={`/agents/${data.agent.key}/scenarios`}>All scenarios</Link>
          </Button>
        }
      />
    );
  }
  const step = (await searchParams).step;
  // Keyed by scenario: a rename navigates here under the new key and starts from the saved scenario.
  return (
    <ScenarioEditor
      key={scenario.key}
      agent={data.agent}
      scenario={scenario}
      ruleScopes={data.ruleScopes}
      canEdit={roleAtLeast(operator.role, "designer")}
      initialStep={typeof step === "string" ? step : null}
    />
  );
}

export default definePage(ScenarioPage);
