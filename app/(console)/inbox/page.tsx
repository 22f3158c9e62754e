import type { Metadata } from "next";
import { z } from "zod";
import { InboxPage } from "@/components/inbox/inbox-page";
import { listAgents } from "@/db/queries/agents";
import { loadInboxConversation, loadInboxQueue } from "@/lib/handoffs/server/load-inbox";
import { definePage, pageRolesOnAgents, reachableAgentIdsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Inbox" };

async function Page({ searchParams }: { searchParams: Promise<{ session?: string }> }) {
  const operator = await requireOperator();
  const { session } = await searchParams;
  const db = await getDb();
  const roles = await pageRolesOnAgents((await listAgents(db)).map((agent) => agent.id));
  const roleOn = (agentId: string) => roles.get(agentId) ?? null;
  const sessionId = z.string().uuid().safeParse(session).success ? session : undefined;
  const [items, conversation] = await Promise.all([
    loadInboxQueue(db, await reachableAgentIdsForPage(), roleOn),
    sessionId ? loadInboxConversation(db, sessionId, roleOn) : null,
  ]);
  return (
    <InboxPage
      items={items}
      conversation={conversation}
      missing={session !== undefined && !conversation}
      operatorEmail={operator.email}
      renderedAt={Date.now()}
    />
  );
}

export default definePage(Page);
