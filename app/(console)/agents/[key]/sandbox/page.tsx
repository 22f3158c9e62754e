import { SandboxPage } from "@/components/sandbox/sandbox-page";
import { getAgentOr404 } from "@/lib/server/agents/get-agent-or-404";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";
import { loadSandbox } from "@/lib/server/sandbox/load-sandbox";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ session?: string; turn?: string }>;
}) {
  const operator = await requireOperator();
  const db = await getDb();
  const agent = await getAgentOr404(db, (await params).key);
  const { session, turn } = await searchParams;
  const uuid = /^[0-9a-f-]{36}$/i;
  const data = await loadSandbox(db, agent, operator, session && uuid.test(session) ? session : undefined);
  return <SandboxPage data={data} selectedTurnId={turn} />;
}
