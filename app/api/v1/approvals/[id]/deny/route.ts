import { ApprovalDecisionBody, DecideApprovalBody } from "@/lib/approvals/approval-schemas";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { defineRoute } from "@/lib/server/define-route";
import { ApprovalIdParams } from "../../../params";

// POST /api/v1/approvals/{id}/deny {reason} → {approval, turn}: the paused turn resumes with the decision
// (docs/approvals.md); 409 when already decided, 410 when expired, nothing written.
export const POST = defineRoute(
  { scope: "handoffs:write", params: ApprovalIdParams, body: DecideApprovalBody, response: ApprovalDecisionBody },
  async ({ db, params, body, actor, requestId }) =>
    decideApproval(db, { approvalId: params.id, decision: "deny", reason: body.reason, actor, requestId }),
);
