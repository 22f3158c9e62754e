import type { Metadata } from "next";
import { AllApprovalsView } from "@/components/approvals/all-approvals-view";
import { listAgents } from "@/db/queries/agents";
import { listApprovalRows } from "@/db/queries/approvals";
import { approvalView } from "@/lib/approvals/server/approval-view";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, pageRolesOnAgents, reachableAgentIdsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Approvals" };

// The oldest 200 pending (the list route's most): a longer queue is one no one is watching.
const SHOWN = 200;

/** Pending approvals of every agent the operator reaches (docs/approvals.md#the-console). */
async function Page() {
  await requireOperator();
  const db = await getDb();
  const agents = await listAgents(db);
  const roles = await pageRolesOnAgents(agents.map((agent) => agent.id));
  const reached = agents.filter((agent) => roles.get(agent.id));
  const rows = await listApprovalRows(db, {
    state: "pending",
    agentIds: (await reachableAgentIdsForPage()) === null ? null : reached.map((agent) => agent.id),
    limit: SHOWN,
  });
  const decidable = reached.filter((agent) => {
    const role = roles.get(agent.id);
    return role ? roleAtLeast(role, "operator") : false;
  });
  return (
    <AllApprovalsView
      approvals={rows.map((row) => approvalView(row, row.agentKey, row.message))}
      agentNames={Object.fromEntries(reached.map((agent) => [agent.key, agent.name]))}
      decidable={decidable.map((agent) => agent.key)}
    />
  );
}

export default definePage(Page);
