import type { Metadata } from "next";
import { KnowledgeWorkspace } from "@/components/knowledge/knowledge-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadKnowledgeGaps } from "@/lib/knowledge/server/knowledge-gaps";
import { loadKnowledgePage } from "@/lib/knowledge/server/load-knowledge-page";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Knowledge" };

async function KnowledgePage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const key = decodeURIComponent((await params).key);
  const [data, gaps] = await Promise.all([
    orNotFound(loadKnowledgePage(db, key)),
    orNotFound(loadKnowledgeGaps(db, key, { days: 30, limit: 50 })),
  ]);
  // Viewers see the sources and the gaps and may ask the playground; the save actions refuse them on their own.
  return <KnowledgeWorkspace data={data} gaps={gaps} canEdit={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(KnowledgePage);
