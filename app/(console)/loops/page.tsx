import type { Metadata } from "next";
import { LoopsDashboard } from "@/components/loops/loops-dashboard";
import { parseLoopSearch } from "@/lib/loops/loop-filters";
import { loadLoopsDashboard } from "@/lib/loops/server/load-loops-dashboard";
import { definePage, reachableAgentIdsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Loops" };

async function LoopsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator();
  const search = parseLoopSearch(await searchParams);
  const data = await loadLoopsDashboard(await getDb(), search, await reachableAgentIdsForPage());
  return <LoopsDashboard {...data} search={search} />;
}

export default definePage(LoopsPage);
