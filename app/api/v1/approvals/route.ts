import { ApprovalListBody, ApprovalListQuery } from "@/lib/approvals/approval-schemas";
import { listApprovals } from "@/lib/approvals/server/list-approvals";
import { readQuery } from "@/lib/handoffs/server/read-query";
import { defineRoute } from "@/lib/server/define-route";

// GET /api/v1/approvals?state=pending|approved|denied|expired&agent=&limit= → {approvals}: tool calls
// waiting for (or given) an operator's decision, only agents within the caller's grant (docs/approvals.md).
export const GET = defineRoute({ scope: "handoffs:read", response: ApprovalListBody }, async ({ db, request }) =>
  listApprovals(db, readQuery(request, ApprovalListQuery)),
);
