import { ComingSection } from "@/components/console/coming-section";
import { SettingsView } from "@/components/settings/settings-view";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function SettingsPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const agent = await getAgentOr404(await getDb(), (await params).key);
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
        description={`${agent.name} · v${agent.configVersion} · omitted keys take the seeds' defaults`}
      />
      {settings ? (
        <SettingsView settings={settings} />
      ) : (
        <Alert variant="danger" title="Stored settings are invalid">
          Re-import the agent&apos;s bundle to repair them; the import names every invalid key.
        </Alert>
      )}
      <ComingSection
        title="Settings editor (next release)"
        summary="Read-only today. Next:"
        items={[
          "edit each value with its default shown and a reset-to-default",
          "every save a new config version with a ledger diff",
        ]}
      />
    </>
  );
}
