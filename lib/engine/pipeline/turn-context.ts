import type { CompiledAgent } from "../compile/compile-agent";
import type { AgentSettings } from "../contracts/agent-settings";
import type { ModelResult, TokenUsage } from "../contracts/model";
import type { SessionState } from "../contracts/session-state";
import type { TurnInput } from "../contracts/turn-outcome";
import type { EnginePorts } from "../ports";
import type { SpanRecorder } from "./span-recorder";

/** What every stage of one turn shares. `session` is the turn's working copy, returned at the end. */
export interface TurnContext {
  agent: CompiledAgent;
  settings: AgentSettings;
  session: SessionState;
  input: TurnInput;
  ports: EnginePorts;
  spans: SpanRecorder;
  usage: { modelCalls: number; tokens: TokenUsage };
}

/** Counts a model call (successful or not) and its tokens. */
export function countCall<T>(ctx: TurnContext, result: ModelResult<T>): ModelResult<T> {
  ctx.usage.modelCalls += 1;
  if (result.usage) {
    ctx.usage.tokens.inputTokens += result.usage.inputTokens;
    ctx.usage.tokens.outputTokens += result.usage.outputTokens;
  }
  return result;
}
