import { ComingSection } from "@/components/console/coming-section";
import { RulesTable } from "@/components/rules/rules-table";
import { PageHeader } from "@/components/ui/page-header";
import { listRules, listScenariosWithSteps, listTools } from "@/db/queries/agent-config";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function RulesPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const [rules, scenarios, tools] = await Promise.all([
    listRules(db, agent.id),
    listScenariosWithSteps(db, agent.id),
    listTools(db, agent.id),
  ]);
  const scopeNames: Record<string, string> = {};
  for (const scenario of scenarios) {
    scopeNames[scenario.id] = scenario.name;
    for (const step of scenario.steps) scopeNames[step.id] = `${scenario.name} › ${step.name}`;
  }
  const toolNames = Object.fromEntries(tools.map((t) => [t.id, t.name]));
  return (
    <>
      <PageHeader
        title="Rules"
        description={`${agent.name} · v${agent.configVersion} · ${rules.length} rules, flat and scoped`}
      />
      <RulesTable rules={rules} scopeNames={scopeNames} toolNames={toolNames} />
      <ComingSection
        title="Rule editor (next release)"
        summary="Read-only today. The design studio adds:"
        items={[
          "filters by scope, target, enabled, hard constraint and lane; search over name, condition and action",
          "create, edit, duplicate, enable/disable and delete, each a new config version with a ledger diff",
          "a CEL editor that parses as you type, and a tester: enter values, see true / false / unresolved",
        ]}
      />
    </>
  );
}
