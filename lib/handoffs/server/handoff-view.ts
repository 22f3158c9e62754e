import "server-only";
import type { HandoffRow } from "@/db/queries/handoffs";
import type { HandoffBody } from "../handoff-schemas";

export function handoffView(row: HandoffRow, agentKey: string): HandoffBody {
  return {
    id: row.id,
    session_id: row.sessionId,
    agent_key: agentKey,
    reason: row.reason,
    detail: row.detail,
    state: row.state,
    requested_by: row.requestedBy,
    claimed_by: row.claimedBy,
    return_note: row.returnNote,
    request_turn_id: row.requestTurnId,
    requested_at: row.requestedAt.toISOString(),
    claimed_at: row.claimedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}
