import "server-only";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import type { EnginePorts } from "@/lib/engine/ports";
import { outcomeWithoutPipeline } from "@/lib/server/engine-host/engine-error-outcome";

/**
 * The stored outcome of a customer message while a person has the session (docs/handoffs.md): no
 * pipeline and no model call ran; the reply is the agent's holding reply ("" when it has none). The
 * session moves on by one turn, so the message is on the transcript, the traces and the ledger chain.
 */
export function queuedOutcome(
  agent: CompiledAgent,
  state: SessionState,
  input: { message: string; turnId: string },
  ports: EnginePorts,
): TurnOutcome {
  const reply = agent.snapshot.settings.handoff.holding_reply;
  return outcomeWithoutPipeline(agent, state, { ...input, reply, outcome: "queued_for_human" }, ports);
}
