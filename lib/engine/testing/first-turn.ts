import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState } from "../contracts/session-state";
import type { TurnInput } from "../contracts/turn-outcome";
import { type RunTurnOptions, runTurn } from "../pipeline/run-turn";
import type { Embedder, EnginePorts, ModelProvider, ToolRunner } from "../ports";
import { testPorts } from "./fixed-ports";

/** The first turn of a new session: what most pipeline tests play, one message against a fresh state. */
export function firstTurn(agent: CompiledAgent, input: TurnInput, ports: EnginePorts, options?: RunTurnOptions) {
  return runTurn(agent, emptySessionState(), input, ports, options);
}

/** The first turn of one customer message on this model and embedder, with the fixed clock and ids (and tools unless told). */
export function firstMessage(
  agent: CompiledAgent,
  message: string,
  turnId: string,
  model: ModelProvider,
  embedder: Embedder,
  tools?: ToolRunner,
) {
  return firstTurn(agent, { message, turnId }, testPorts(model, embedder, tools));
}
