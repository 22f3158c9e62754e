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
  /** Calls and tokens, in all and per model (the turn's cost is priced per model). */
  usage: { modelCalls: number; tokens: TokenUsage; byModel: Record<string, TokenUsage> };
}

/** The model a failed call without a model name is counted under: it has no price. */
const UNNAMED_MODEL = "unknown";

/** Counts a model call (successful or not) and its tokens. */
export function countCall<T>(ctx: TurnContext, result: ModelResult<T>): ModelResult<T> {
  ctx.usage.modelCalls += 1;
  if (result.usage) {
    addUsage(ctx.usage.tokens, result.usage);
    const model = result.model ?? UNNAMED_MODEL;
    ctx.usage.byModel[model] = addUsage(ctx.usage.byModel[model] ?? { inputTokens: 0, outputTokens: 0 }, result.usage);
  }
  return result;
}

function addUsage(into: TokenUsage, usage: TokenUsage): TokenUsage {
  into.inputTokens += usage.inputTokens;
  into.outputTokens += usage.outputTokens;
  if (usage.cachedInputTokens) into.cachedInputTokens = (into.cachedInputTokens ?? 0) + usage.cachedInputTokens;
  return into;
}
