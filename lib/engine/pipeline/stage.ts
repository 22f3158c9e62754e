import type { Span, StageName } from "../contracts/turn-outcome";
import type { TurnContext } from "./turn-context";

/** What a stage hands back: its value for what runs after it, and what its span says about it. */
export interface StageReport<T> {
  value: T;
  /** One line: what the stage decided and why (the span's and the stored trace's `decision`). */
  decision: string;
  /** The numbers behind the decision. */
  attributes?: Record<string, unknown>;
  /** "ok" unless the stage says otherwise. */
  status?: Span["status"];
}

/**
 * One pipeline stage: a name from the trace's vocabulary (`STAGE_NAMES`) and a pure run over the turn's
 * context. A stage never writes its own span: `runStage` does, so every span is timed and told the same way.
 */
export interface Stage<In, T> {
  readonly name: StageName;
  run(ctx: TurnContext, input: In): Promise<StageReport<T>> | StageReport<T>;
}

/**
 * Runs one stage and records its span (timed on the Clock port, then told to `onStage`): the one place
 * a span is written, for the turn's stages and for the draft loop's.
 */
export function runStage<In, T>(ctx: TurnContext, stage: Stage<In, T>, input: In): Promise<T> {
  return ctx.spans.record(stage.name, async () => stage.run(ctx, input));
}
