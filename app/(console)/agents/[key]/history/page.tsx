import type { Metadata } from "next";
import { AgentHistory } from "@/components/history/agent-history";
import { listConfigEvents } from "@/db/queries/config-history";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "History" };

async function HistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ before?: string }>;
}) {
  await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  const before = Number.parseInt((await searchParams).before ?? "", 10);
  const { events, nextBeforeSeq } = await listConfigEvents(db, agent.id, {
    beforeSeq: Number.isFinite(before) ? before : undefined,
  });
  return (
    <AgentHistory
      agent={{ key: agent.key, name: agent.name, configVersion: agent.configVersion }}
      events={events}
      nextBeforeSeq={nextBeforeSeq}
    />
  );
}

export default definePage(HistoryPage);
