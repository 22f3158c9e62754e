import type { Metadata } from "next";
import { readRuleFilters } from "@/components/rules/rule-filters";
import { RulesWorkspace } from "@/components/rules/rules-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadRulesWorkspace } from "@/lib/rules/server/load-rules-workspace";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Rules" };

async function RulesPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const data = await orNotFound(loadRulesWorkspace(await getDb(), decodeURIComponent((await params).key)));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === "string") query.set(name, value);
  // Viewers see the table read-only; the actions refuse them on their own (role designer).
  return (
    <RulesWorkspace
      data={data}
      canEdit={roleAtLeast(operator.role, "designer")}
      initialFilters={readRuleFilters(query)}
    />
  );
}

export default definePage(RulesPage);
