import "server-only";
import { deleteAgentGrant, upsertAgentGrant } from "@/db/queries/agent-grants";
import { getAgentByKey } from "@/db/queries/agents";
import { getOperator } from "@/db/queries/identity";
import type { Transaction } from "@/db/types";
import type { AgentRole } from "@/lib/identity/roles";
import { AppError } from "../errors";
import { appendLedgerEvent } from "../ledger/append-ledger-event";
import type { Actor } from "../ledger/event-types";

/**
 * Gives an operator a role on one agent, changes it, or (role null) takes it away, with an
 * AGENT_ROLE_GRANTED or AGENT_ROLE_REVOKED event on the global chain (an access change, like a role
 * change). The first grant limits the operator to their granted agents; removing the last one gives
 * them their own role on every agent again (docs/access-control.md). Admins reach every agent: 422.
 */
export async function setAgentGrant(
  tx: Transaction,
  input: { operatorId: string; agentKey: string; role: AgentRole | null },
  actor: Actor,
  requestId: string,
): Promise<{ changed: boolean }> {
  const operator = await getOperator(tx, input.operatorId);
  if (!operator) throw new AppError("NOT_FOUND", `No operator with id ${input.operatorId}.`);
  if (operator.role === "admin") {
    const message = "Admins reach every agent; make them designer, viewer or operator first.";
    throw new AppError("VALIDATION", message, [{ path: "role", message }]);
  }
  const agent = await getAgentByKey(tx, input.agentKey);
  if (!agent) {
    const message = `No agent with key ${input.agentKey}.`;
    throw new AppError("VALIDATION", message, [{ path: "agentKey", message }]);
  }
  const before =
    input.role === null
      ? await deleteAgentGrant(tx, operator.id, agent.id)
      : await upsertAgentGrant(tx, {
          operatorId: operator.id,
          agentId: agent.id,
          role: input.role,
          createdBy: actor.name,
        });
  if (before === input.role) return { changed: false };
  await appendLedgerEvent(tx, {
    type: input.role === null ? "AGENT_ROLE_REVOKED" : "AGENT_ROLE_GRANTED",
    actor,
    agentId: agent.id,
    requestId,
    payload: { operator_id: operator.id, agent_key: agent.key, diff: { role: { before, after: input.role } } },
  });
  return { changed: true };
}
