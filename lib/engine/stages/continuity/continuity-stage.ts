import type { TurnSoFar, TurnStage } from "../../pipeline/turn-stage";
import { applyResolution, type ContinuityResult, runContinuity } from "./run-continuity";

/**
 * Stage 0 (docs/continuity.md, only when enabled): a follow-up naming one of the offered options is resolved
 * deterministically, before the sensor and the ambiguity trap, without a model call; an unclear one is
 * asked about and the turn stops.
 */
export const continuityStage: TurnStage<ContinuityResult> = {
  name: "continuity",
  runsWhen: (ctx) => ctx.input.continuityEnabled === true,
  async run(ctx) {
    const value = await runContinuity(ctx, true);
    const why = value.telemetry.reasons.length ? value.telemetry.reasons.join(", ") : value.telemetry.blocked_reason;
    return {
      value,
      decision: `${value.kind}${why ? `: ${why}` : ""}`,
      attributes: { ...value.telemetry },
    };
  },
  outcomeParts: (value) => ({ continuity: { ...value.telemetry } }),
  settle(ctx, value) {
    if (value.kind === "resolved") applyResolution(ctx, value.winner, value.optionSet);
    return value.kind === "clarify"
      ? { response: value.response, outcome: "clarified", fallbackReason: value.telemetry.fallback_reason }
      : null;
  },
};

/** Continuity picked the option the customer named: the sensor and the ambiguity trap have nothing to decide. */
export function continuityResolved(turn: TurnSoFar): boolean {
  return turn.valueIfRan(continuityStage)?.kind === "resolved";
}
