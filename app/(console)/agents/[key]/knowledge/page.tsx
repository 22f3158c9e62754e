import type { Metadata } from "next";
import { KnowledgeWorkspace } from "@/components/knowledge/knowledge-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadKnowledgePage } from "@/lib/knowledge/server/load-knowledge-page";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Knowledge" };

async function KnowledgePage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const data = await orNotFound(loadKnowledgePage(await getDb(), decodeURIComponent((await params).key)));
  // Viewers see the sources and may ask the playground; the save actions refuse them on their own.
  return <KnowledgeWorkspace data={data} canEdit={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(KnowledgePage);
