import type { Metadata } from "next";
import { AgentHistory } from "@/components/history/agent-history";
import { listConfigEvents } from "@/db/queries/config-history";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "History" };

export default async function HistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ before?: string }>;
}) {
  await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
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
