import type { Metadata } from "next";
import { ScenariosWorkspace } from "@/components/scenarios/scenarios-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { loadScenariosWorkspace } from "@/lib/scenarios/server/load-scenarios-workspace";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Scenarios" };

async function ScenariosPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const data = await orNotFound(loadScenariosWorkspace(await getDb(), decodeURIComponent((await params).key)));
  // Viewers see the list read-only; the actions refuse them on their own (role designer).
  return <ScenariosWorkspace data={data} canEdit={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(ScenariosPage);
