import { ComingSection } from "@/components/console/coming-section";
import { ToolsTable } from "@/components/tools/tools-table";
import { PageHeader } from "@/components/ui/page-header";
import { listTools } from "@/db/queries/agent-config";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export default async function ToolsPage({ params }: { params: Promise<{ key: string }> }) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const tools = await listTools(db, agent.id);
  return (
    <>
      <PageHeader title="Tools" description={`${agent.name} · run when a matched rule attaches them, single pass`} />
      <ToolsTable tools={tools} />
      <ComingSection
        title="Tool editor (next release)"
        summary="Read-only today. Next:"
        items={[
          "static and HTTP tools with timeout, response-size cap and host allowlist (FOCAL_TOOL_HOSTS)",
          "output → session variable mapping, and a test call from the editor",
        ]}
      />
    </>
  );
}
