import { BudgetSection } from "@/components/budgets/budget-section";
import { CredentialsSection } from "@/components/credentials/credentials-section";
import { SettingsEditor } from "@/components/settings/settings-editor";
import { SettingsView } from "@/components/settings/settings-view";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";
import { readBudget } from "@/lib/budgets/server/agent-budget";
import { listCredentials } from "@/lib/credentials/server/credential-bindings";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { loadWebhooksSection } from "@/lib/webhooks/server/load-webhooks-section";

async function SettingsPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const agent = await requirePageAgent((await params).key);
  const db = await getDb();
  const [webhooks, credentials, budget] = await Promise.all([
    loadWebhooksSection(db, agent, roleAtLeast(operator.role, "admin")),
    listCredentials(db, agent),
    readBudget(db, agent),
  ]);
  let settings: ReturnType<typeof resolveAgentSettings> | null = null;
  try {
    settings = resolveAgentSettings(agent.settings);
  } catch {
    settings = null;
  }
  return (
    <>
      <PageHeader
        title="Settings"
        description={`${agent.name} · v${agent.configVersion} · settings you leave alone keep their defaults; every save is a new version with a ledger diff`}
      />
      {!settings ? (
        <Alert variant="danger" title="Stored settings are invalid">
          Re-import the agent&apos;s bundle to repair them; the import names every invalid key.
        </Alert>
      ) : roleAtLeast(operator.role, "designer") ? (
        <SettingsEditor
          agent={{ key: agent.key, name: agent.name, configVersion: agent.configVersion }}
          stored={agent.settings}
        />
      ) : (
        <SettingsView settings={settings} />
      )}
      {/* Setting a budget is budgets:write, an admin's by default. */}
      <BudgetSection agentKey={agent.key} budget={budget} canEdit={roleAtLeast(operator.role, "admin")} />
      <WebhooksSection agentKey={agent.key} webhooks={webhooks} canEdit={roleAtLeast(operator.role, "designer")} />
      {/* Adding, rotating and deleting a credential is credentials:write, an admin's by default. */}
      <CredentialsSection
        agentKey={agent.key}
        credentials={credentials}
        canEdit={roleAtLeast(operator.role, "admin")}
      />
    </>
  );
}

export default definePage(SettingsPage);
