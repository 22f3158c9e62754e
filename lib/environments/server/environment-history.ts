import "server-only";
import { insertEnvironmentPin } from "@/db/queries/environments";
import type { AgentRow, Transaction } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor, LedgerEventType } from "@/lib/server/ledger/event-types";

// What an environment change leaves behind, inside the change's own transaction: a pin row when the
// pinned version moves (rollback walks back through them, the page lists them), and one ledger event.

/** Who made an environment change, and in which request: on its pin row and its ledger event. */
export interface PinContext {
  actor: Actor;
  requestId: string;
}

type PinRow = Parameters<typeof insertEnvironmentPin>[1];

/** The environment now serves `configVersion` after `previousVersion`, for `reason`, by the context's actor. */
export async function recordPin(
  tx: Transaction,
  agent: AgentRow,
  name: string,
  pin: Pick<PinRow, "configVersion" | "previousVersion" | "reason">,
  ctx: PinContext,
): Promise<void> {
  await insertEnvironmentPin(tx, { agentId: agent.id, environment: name, ...pin, actor: ctx.actor.name });
}

/** The change's ledger event; its payload starts with the agent's key and the environment's name. */
export async function appendEnvironmentEvent(
  tx: Transaction,
  agent: AgentRow,
  name: string,
  ctx: PinContext,
  event: { type: LedgerEventType; payload: Record<string, unknown> },
): Promise<void> {
  await appendLedgerEvent(tx, {
    type: event.type,
    actor: ctx.actor,
    agentId: agent.id,
    requestId: ctx.requestId,
    payload: { agent_key: agent.key, environment: name, ...event.payload },
  });
}
