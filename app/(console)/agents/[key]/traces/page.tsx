import type { Metadata } from "next";
import { TracesExplorer } from "@/components/traces/traces-explorer";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { loadTracesPage } from "@/lib/traces/server/load-traces-page";
import { parseTraceSearch } from "@/lib/traces/trace-search";

export const metadata: Metadata = { title: "Traces" };

async function TracesPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  const search = parseTraceSearch(await searchParams);
  const data = await loadTracesPage(db, agent, search);
  return <TracesExplorer agent={agent} search={search} data={data} />;
}

export default definePage(TracesPage);
