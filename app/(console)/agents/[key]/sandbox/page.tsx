import { ComingSection } from "@/components/console/coming-section";
import { PageHeader } from "@/components/ui/page-header";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function SandboxPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const agent = await getAgentOr404(await getDb(), (await params).key);
  return (
    <>
      <PageHeader title="Sandbox" description={`Chat with ${agent.name} and watch every pipeline stage.`} />
      <ComingSection
        title="Sandbox chat (arrives with the turn engine)"
        summary="This page will hold:"
        items={[
          "a chat with the agent on the offline provider or a real model, Enter to send, a pending state per turn",
          "under every reply the provenance footer: goal, rules applied, scenario › step, tools, per-lane checks, regenerations, config version, trace link",
          "a side panel with the turn's stage timeline (sensor → … → persist), continuity telemetry and session state",
          "reset and branch session",
        ]}
      />
    </>
  );
}
