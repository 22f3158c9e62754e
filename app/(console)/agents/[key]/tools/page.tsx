import type { Metadata } from "next";
import { ToolsWorkspace } from "@/components/tools/tools-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { loadToolsWorkspace } from "@/lib/tools/server/load-tools-workspace";

export const metadata: Metadata = { title: "Tools" };

async function ToolsPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const data = await orNotFound(loadToolsWorkspace(await getDb(), decodeURIComponent((await params).key), operator));
  // Viewers see the list and the editor read-only; the actions refuse them on their own (role designer).
  return <ToolsWorkspace data={data} canEdit={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(ToolsPage);
