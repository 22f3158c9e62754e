import type { SensorOutput } from "../../contracts/model";
import type { StageReport } from "../../pipeline/stage";
import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnStage } from "../../pipeline/turn-stage";
import { continuityResolved } from "../continuity/continuity-stage";
import { sensedOf } from "../sensor/sensor-stage";

/** The clarification built from the sensor's reason, in the step's words when there is one. */
function clarificationFor(ctx: TurnContext, reason: string | null): string {
  const scenario = ctx.session.activeScenarioId ? ctx.agent.scenarios.get(ctx.session.activeScenarioId) : undefined;
  const hint = ctx.session.activeStepId ? scenario?.steps.get(ctx.session.activeStepId)?.clarificationHint : undefined;
  const why = reason
    ? `I want to be sure I understand: ${reason.replace(/\.$/, "")}.`
    : "I want to be sure I understand.";
  return `${why} ${hint || "Could you tell me a bit more about what you would like me to do?"}`;
}

/**
 * Stage 2 (fail fast; docs/decisions.md#one-sensor-call-carries-the-ambiguity-flag): an ambiguous message gets a
 * clarification and the turn stops — nothing is retrieved, no tool runs, no reply is generated on a guessed intent.
 * Skipped when continuity resolved the turn: the customer named an option, nothing is unclear.
 */
export const ambiguityStage: TurnStage<string | null> = {
  name: "ambiguity",
  runsWhen: (_ctx, turn) => !continuityResolved(turn),
  run(ctx, turn) {
    const { context, between } = sensedOf(turn);
    return ambiguityTrap(ctx, context, between);
  },
  settle: (_ctx, clarification) =>
    clarification ? { response: clarification, outcome: "clarified", fallbackReason: null } : null,
};

function ambiguityTrap(
  ctx: TurnContext,
  context: SensorOutput,
  between: [string, string] | null,
): StageReport<string | null> {
  const enabled = ctx.settings.ambiguity.enabled;
  if (!enabled || !context.is_ambiguous) {
    return {
      value: null,
      status: enabled ? "ok" : "skipped",
      decision: enabled ? "clear: continue" : "ambiguity trap disabled",
      attributes: { is_ambiguous: context.is_ambiguous, enabled },
    };
  }
  if (between) {
    // Between two scenarios: one short question naming both, nothing else to read.
    return {
      value: `Do you mean ${between[0]} or ${between[1]}?`,
      decision: `between ${between[0]} and ${between[1]} → ask which and stop`,
      attributes: { is_ambiguous: true, ambiguity_reason: context.ambiguity_reason, between },
    };
  }
  return {
    value: clarificationFor(ctx, context.ambiguity_reason),
    decision: `ambiguous: ${context.ambiguity_reason ?? "no reason given"} → clarify and stop`,
    attributes: { is_ambiguous: true, ambiguity_reason: context.ambiguity_reason },
  };
}
