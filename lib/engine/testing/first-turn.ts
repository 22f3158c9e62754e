import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState } from "../contracts/session-state";
import type { TurnInput } from "../contracts/turn-outcome";
import { type RunTurnOptions, runTurn } from "../pipeline/run-turn";
import type { EnginePorts } from "../ports";

/** The first turn of a new session: what most pipeline tests play, one message against a fresh state. */
export function firstTurn(agent: CompiledAgent, input: TurnInput, ports: EnginePorts, options?: RunTurnOptions) {
  return runTurn(agent, emptySessionState(), input, ports, options);
}
