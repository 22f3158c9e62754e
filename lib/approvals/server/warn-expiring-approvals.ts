import "server-only";
import { approvalsToWarn, markApprovalWarned } from "@/db/queries/approvals";
import type { Database } from "@/db/types";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import { EXPIRING_SOON_MS } from "../approval-schemas";

// 200 a run, every minute with the expiry sweep (PERIODIC_JOBS): a warning is one small transaction and
// no turn, so a larger batch than the sweep's 50 drains a burst within the 5 minutes it warns ahead.
const BATCH = 200;
const MINUTE_MS = 60_000;

/**
 * The expiry warning (docs/approvals.md#expiry): each pending approval that expires within 5 minutes
 * gets `warned_at` and the `approval.expiring` webhook, once. Only a webhook and a column, no ledger
 * event: like `approval.requested`, it changes no decision. Decided ones are never warned.
 */
export async function warnExpiringApprovals(db: Database, now = new Date()) {
  let warned = 0;
  for (const approval of await approvalsToWarn(db, new Date(now.getTime() + EXPIRING_SOON_MS), BATCH)) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await markApprovalWarned(tx, approval.id, now))) return false;
      await queueWebhookEvent(tx, {
        agentId: approval.agentId,
        type: "approval.expiring",
        sessionId: approval.sessionId,
        data: {
          approval_id: approval.id,
          tool_key: approval.toolKey,
          expires_at: approval.expiresAt.toISOString(),
          minutes_left: Math.max(0, Math.ceil((approval.expiresAt.getTime() - now.getTime()) / MINUTE_MS)),
        },
      });
      return true;
    });
    if (claimed) warned++;
  }
  return { warned };
}
