import "server-only";
import { countPendingApprovals } from "@/db/queries/approvals";
import { countUnreadClaims, countWaitingHandoffs } from "@/db/queries/handoffs";
import type { DbOrTx } from "@/db/types";
import { EXPIRING_SOON_MS } from "@/lib/approvals/approval-schemas";
import type { AttentionCounts } from "../attention-schemas";

export interface AttentionReach {
  /** The agents counted; null: every agent. */
  agentIds: string[] | null;
  /** The signed-in operator, whose claimed conversations count as unread; null for an API key. */
  operatorId: string | null;
}

/** What waits for a person across the reached agents (the sidebar, GET /api/v1/attention). */
export async function countAttention(db: DbOrTx, reach: AttentionReach, now = new Date()): Promise<AttentionCounts> {
  const [waiting, unread, approvals] = await Promise.all([
    countWaitingHandoffs(db, reach.agentIds),
    reach.operatorId ? countUnreadClaims(db, reach.agentIds, reach.operatorId) : Promise.resolve(0),
    countPendingApprovals(db, reach.agentIds, new Date(now.getTime() + EXPIRING_SOON_MS)),
  ]);
  return {
    waiting_handoffs: waiting,
    unread_handoffs: unread,
    pending_approvals: approvals.pending,
    expiring_approvals: approvals.expiring,
  };
}

export const sameCounts = (a: AttentionCounts | null, b: AttentionCounts) =>
  a !== null &&
  a.waiting_handoffs === b.waiting_handoffs &&
  a.unread_handoffs === b.unread_handoffs &&
  a.pending_approvals === b.pending_approvals &&
  a.expiring_approvals === b.expiring_approvals;
