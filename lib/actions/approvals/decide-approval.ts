"use server";

import { DecideApprovalInput } from "@/lib/approvals/approval-schemas";
import { decideApproval } from "@/lib/approvals/server/decide-approval";
import { defineAction } from "@/lib/server/define-action";

/** Approve or deny a paused tool call from the console (docs/approvals.md): operators; viewers only read. */
export const decideApprovalAction = defineAction(
  { name: "decideApproval", role: "operator", schema: DecideApprovalInput },
  (input, { db, actor, requestId }) =>
    decideApproval(db, {
      approvalId: input.approval_id,
      decision: input.decision,
      reason: input.reason,
      actor,
      requestId,
    }),
);
