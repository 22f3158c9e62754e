import type { Metadata } from "next";
import { McpServersSection } from "@/components/mcp/mcp-servers-section";
import { ToolsWorkspace } from "@/components/tools/tools-workspace";
import { credentialNamesOf } from "@/db/queries/credentials";
import { roleAtLeast } from "@/lib/identity/roles";
import { listMcpServers } from "@/lib/mcp/server/mcp-servers";
import { definePage, orNotFound, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { loadToolsWorkspace } from "@/lib/tools/server/load-tools-workspace";

export const metadata: Metadata = { title: "Tools" };

async function ToolsPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const data = await orNotFound(loadToolsWorkspace(db, decodeURIComponent((await params).key), operator));
  const agent = await requirePageAgent((await params).key);
  const [servers, credentialNames] = await Promise.all([listMcpServers(db, agent), credentialNamesOf(db, agent.id)]);
  // Viewers see the list and the editor read-only; the actions refuse them on their own (role designer).
  // Syncing is a configuration change (designer); adding or deleting a server decides where a
  // credential is sent (credentials:write, an admin's).
  return (
    <>
      <ToolsWorkspace data={data} canEdit={roleAtLeast(operator.role, "designer")} />
      <McpServersSection
        agentKey={agent.key}
        servers={servers}
        credentialNames={credentialNames}
        canSync={roleAtLeast(operator.role, "designer")}
        canManage={roleAtLeast(operator.role, "admin")}
      />
    </>
  );
}

export default definePage(ToolsPage);
