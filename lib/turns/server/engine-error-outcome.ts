import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { outcomeWithoutPipeline } from "@/lib/engine/pipeline/turn-without-pipeline";
import type { EnginePorts } from "@/lib/engine/ports";

const ERROR_REPLY = "Sorry, something went wrong on our side. Please try again in a moment.";

/** The stored outcome of a turn whose engine run threw: outcome "error", the session moved on by one turn. */
export function engineErrorOutcome(
  agent: CompiledAgent,
  state: SessionState,
  message: string,
  turnId: string,
  ports: EnginePorts,
): TurnOutcome {
  return outcomeWithoutPipeline(agent, state, { message, turnId, reply: ERROR_REPLY, outcome: "error" }, ports);
}
