import "server-only";
import { listApprovalRows } from "@/db/queries/approvals";
import type { Database } from "@/db/types";
import { reachableAgentIds } from "@/lib/server/access/agent-access";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import type { ApprovalStateName } from "../approval-schemas";
import { approvalView } from "./approval-view";

/**
 * GET /approvals: one state (pending by default, oldest first; decided ones newest first), only of
 * agents within the request's grant; `agent` out of the grant answers 404 like an unknown one.
 */
export async function listApprovals(db: Database, query: { state: ApprovalStateName; agent?: string; limit: number }) {
  const agentIds = query.agent ? [(await requireAgent(db, query.agent)).id] : reachableAgentIds();
  const rows = await listApprovalRows(db, { state: query.state, agentIds, limit: query.limit });
  return { approvals: rows.map((row) => approvalView(row, row.agentKey, row.message)) };
}
