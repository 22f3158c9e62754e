import { AttentionCounts } from "@/lib/attention/attention-schemas";
import { countAttention } from "@/lib/attention/server/attention-counts";
import { reachableAgentIds } from "@/lib/server/access/agent-access";
import { defineRoute } from "@/lib/server/define-route";

// GET /api/v1/attention → {waiting_handoffs, unread_handoffs, pending_approvals, expiring_approvals}:
// what waits for a person across the agents within the caller's grant (docs/approvals.md#the-console).
export const GET = defineRoute({ scope: "handoffs:read", response: AttentionCounts }, async ({ db, principal }) =>
  countAttention(db, {
    agentIds: reachableAgentIds(),
    operatorId: principal.kind === "operator" ? principal.id : null,
  }),
);
