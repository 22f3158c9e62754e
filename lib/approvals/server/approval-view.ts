import "server-only";
import type { ApprovalRow } from "@/db/queries/approvals";
import type { ApprovalBody } from "../approval-schemas";

type Ref = { id: string; key: string };

/** The stored context (docs/approvals.md) as the API shows it. */
function contextOf(row: ApprovalRow): ApprovalBody["context"] {
  const context = row.context as { rule: Ref; scenario: Ref | null; step: Ref | null };
  return { rule: context.rule, scenario: context.scenario ?? null, step: context.step ?? null };
}

export function approvalView(row: ApprovalRow, agentKey: string, message: string): ApprovalBody {
  return {
    id: row.id,
    session_id: row.sessionId,
    agent_key: agentKey,
    state: row.state,
    tool: { id: row.toolId, key: row.toolKey, name: row.toolName },
    input: row.input,
    context: contextOf(row),
    message,
    request_turn_id: row.requestTurnId,
    requested_at: row.requestedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    warned_at: row.warnedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy,
    reason: row.reason,
    resumed_turn_id: row.resumedTurnId,
  };
}
