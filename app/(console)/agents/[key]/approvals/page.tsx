import type { Metadata } from "next";
import { z } from "zod";
import { ApprovalsView } from "@/components/approvals/approvals-view";
import { listApprovalRows } from "@/db/queries/approvals";
import { APPROVAL_STATES } from "@/lib/approvals/approval-schemas";
import { approvalView } from "@/lib/approvals/server/approval-view";
import { roleAtLeast } from "@/lib/identity/roles";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Approvals" };

// Pending by default: what waits for a person. Anything else in the URL shows the default too.
const StateFilter = z.enum(APPROVAL_STATES).catch("pending");
// The newest 100 of a state: a page of pending approvals longer than that is a queue no one is watching.
const SHOWN = 100;

async function ApprovalsPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ state?: string | string[] }>;
}) {
  const operator = await requireAgentOperator((await params).key);
  const agent = await requirePageAgent((await params).key);
  const state = StateFilter.parse((await searchParams).state);
  const rows = await listApprovalRows(await getDb(), { state, agentIds: [agent.id], limit: SHOWN });
  return (
    <ApprovalsView
      agentKey={agent.key}
      agentName={agent.name}
      state={state}
      approvals={rows.map((row) => approvalView(row, agent.key, row.message))}
      canDecide={roleAtLeast(operator.role, "operator")}
    />
  );
}

export default definePage(ApprovalsPage);
