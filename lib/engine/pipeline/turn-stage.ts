import type { Stage } from "./stage";
import type { TurnContext } from "./turn-context";
import type { TurnResultParts } from "./turn-result-parts";

/** How a stage ends the turn early: the reply that ships and why. */
export type TurnEnding = Pick<TurnResultParts, "response" | "outcome" | "fallbackReason"> &
  Partial<Pick<TurnResultParts, "handoff" | "approval">>;

/**
 * A stage in `runTurn`'s list. It reads what the stages before it decided from `TurnSoFar`, by their
 * stage objects, so a stage's value type travels with the stage and the list is all the runner knows.
 */
export interface TurnStage<T> extends Stage<TurnSoFar, T> {
  /** The stage runs (and writes a span) only when this holds; otherwise it leaves no value and no span. */
  runsWhen?(ctx: TurnContext, turn: TurnSoFar): boolean;
  /** Its value's share of the turn's outcome (`finishTurn`'s parts), whether the turn ends here or later. */
  outcomeParts?(value: T): Partial<TurnResultParts>;
  /**
   * After the span is written: applies the value to the session (where the conversation is, what the
   * customer said about themselves) and returns an ending when the turn stops here — nothing after this
   * stage runs, and this reply ships.
   */
  settle?(ctx: TurnContext, value: T): TurnEnding | null;
}

/** The outcome's parts before any stage adds to them: nothing matched, called, checked or proposed. */
function nothingYet(): TurnResultParts {
  return {
    response: "",
    outcome: "answered",
    profileUpdates: {},
    detectedIntent: null,
    matched: [],
    toolCalls: [],
    checks: [],
    violations: [],
    regenerations: 0,
    fallbackReason: null,
    loops: [],
    continuity: null,
    goalCandidate: null,
    handoff: null,
    approval: null,
  };
}

/** The values of the stages that have run so far in this turn, in the order they ran. */
export class TurnSoFar {
  private readonly values = new Map<TurnStage<unknown>, unknown>();

  record<T>(stage: TurnStage<T>, value: T): void {
    this.values.set(stage, value);
  }

  /** The value of a stage that did not run (its `runsWhen` said no) is undefined. */
  valueIfRan<T>(stage: TurnStage<T>): T | undefined {
    return this.values.get(stage) as T | undefined;
  }

  /** The value of a stage listed earlier that always runs; reading one that has not run is a wrong list order. */
  valueOf<T>(stage: TurnStage<T>): T {
    if (!this.values.has(stage)) throw new Error(`the ${stage.name} stage has not run: it must be listed earlier`);
    return this.values.get(stage) as T;
  }

  /** `finishTurn`'s parts: every stage's share, in order, then how the turn ended. */
  outcomeParts(ending: TurnEnding & Partial<TurnResultParts>): TurnResultParts {
    const parts = nothingYet();
    for (const [stage, value] of this.values) Object.assign(parts, stage.outcomeParts?.(value));
    return Object.assign(parts, ending);
  }
}
