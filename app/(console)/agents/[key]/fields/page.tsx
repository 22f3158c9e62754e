import type { Metadata } from "next";
import { FieldsWorkspace } from "@/components/fields/fields-workspace";
import { loadFieldsWorkspace } from "@/lib/fields/server/load-fields-workspace";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, orNotFound, requireAgentOperator } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Fields & Variables" };

async function FieldsPage({ params }: { params: Promise<{ key: string }> }) {
  const operator = await requireAgentOperator((await params).key);
  const data = await orNotFound(loadFieldsWorkspace(await getDb(), decodeURIComponent((await params).key)));
  // Viewers see the tables read-only and may use the testers; the save actions refuse them on their own.
  return <FieldsWorkspace data={data} canEdit={roleAtLeast(operator.role, "designer")} />;
}

export default definePage(FieldsPage);
