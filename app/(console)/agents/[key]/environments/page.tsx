import type { Metadata } from "next";
import { EnvironmentsView } from "@/components/environments/environments-view";
import { loadEnvironmentsPage } from "@/lib/environments/server/load-environments-page";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Environments" };

async function EnvironmentsPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const agent = await requirePageAgent((await params).key);
  const { data, events } = await loadEnvironmentsPage(await getDb(), agent);
  return (
    <EnvironmentsView
      data={data}
      events={events}
      canPin={roleAtLeast(operator.role, "designer")}
      isAdmin={operator.role === "admin"}
    />
  );
}

export default definePage(EnvironmentsPage);
