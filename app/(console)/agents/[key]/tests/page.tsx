import type { Metadata } from "next";
import { TestsWorkspace } from "@/components/conversation-tests/tests-workspace";
import { readCaseFilters } from "@/lib/conversation-tests/case-list";
import { loadTestsWorkspace } from "@/lib/conversation-tests/server/load-tests-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Tests" };

async function TestsPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === "string") query.set(name, value);
  // Viewers read cases and reports; designers write cases and start runs (the routes check it too).
  return (
    <TestsWorkspace
      data={await loadTestsWorkspace(db, agent)}
      filters={readCaseFilters(query)}
      openRunId={query.get("run")}
      canEdit={roleAtLeast(operator.role, "designer")}
    />
  );
}

export default definePage(TestsPage);
