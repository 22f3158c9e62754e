import { SandboxPage } from "@/components/sandbox/sandbox-page";
import { loadSandbox } from "@/lib/sandbox/server/load-sandbox";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ session?: string; turn?: string }>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  const { session, turn } = await searchParams;
  const uuid = /^[0-9a-f-]{36}$/i;
  const data = await loadSandbox(db, agent, operator, session && uuid.test(session) ? session : undefined);
  return <SandboxPage data={data} selectedTurnId={turn} />;
}

export default definePage(Page);
