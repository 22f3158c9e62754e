import "server-only";
import { getAgentById } from "@/db/queries/agents";
import { expiredPendingApprovals } from "@/db/queries/approvals";
import { getSession } from "@/db/queries/conversations";
import type { Database } from "@/db/types";
import { publishSessionChange } from "@/lib/handoffs/server/session-events/session-change-bus";
import { AppError } from "@/lib/server/errors";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { recordDecision, resumeTurn } from "./decide-approval";

// 50 a run, every minute (PERIODIC_JOBS): each expiry may run a turn, and a backlog drains in minutes.
const BATCH = 50;

/**
 * The `approvals.expire` job (docs/approvals.md#expiry): pending approvals past their expiry become
 * `expired` (TOOL_DENIED, reason "expired") and, while the agent has the session, a resumed turn tells
 * the customer the agent's denied reply. One that an operator decided meanwhile is left as decided.
 */
export async function expireApprovals(db: Database, now = new Date()) {
  let expired = 0;
  let raced = 0;
  for (const approval of await expiredPendingApprovals(db, now, BATCH)) {
    const deciding = {
      approvalId: approval.id,
      state: "expired" as const,
      reason: "expired",
      actor: SYSTEM_ACTOR,
      requestId: `approvals.expire:${approval.id}`,
    };
    try {
      const [session, agent] = await Promise.all([
        getSession(db, approval.sessionId),
        getAgentById(db, approval.agentId),
      ]);
      if (session?.mode === "agent" && agent) await resumeTurn(db, approval, agent.key, deciding);
      else {
        await db.transaction((tx) => recordDecision(tx, approval, deciding, null));
        // No turn ran, so the turn host published nothing: the session's streams hear it from here.
        publishSessionChange(approval.sessionId);
      }
      expired++;
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      raced++;
    }
  }
  return { expired, already_decided: raced };
}
