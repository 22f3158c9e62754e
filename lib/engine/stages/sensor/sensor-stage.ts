import type { TurnSoFar, TurnStage } from "../../pipeline/turn-stage";
import { continuityResolved } from "../continuity/continuity-stage";
import { safeClarifier } from "../generation/safe-replies";
import { runSensor, type SensorStageResult } from "./run-sensor";

type Sensed = Extract<SensorStageResult, { ok: true }>;

/** Stage 1 (README): one Context per turn, from the local sensor or one model call; none when continuity resolved the turn. */
export const sensorStage: TurnStage<SensorStageResult> = {
  name: "sensor",
  runsWhen: (_ctx, turn) => !continuityResolved(turn),
  run: runSensor,
  outcomeParts: (value) =>
    value.ok ? { profileUpdates: value.profileUpdates, detectedIntent: value.context.detected_intent } : {},
  // A model fault gets a safe clarifier in the active context, never a guess (docs/pipeline.md#degradation).
  settle(ctx, value) {
    if (!value.ok) return { response: safeClarifier(ctx), outcome: "fallback", fallbackReason: value.reason };
    Object.assign(ctx.session.profile, value.profileUpdates);
    return null;
  },
};

/** What a turn resolved by continuity senses: no intent, no entities, nothing ambiguous. */
function nothingSensed(): Sensed {
  return {
    ok: true,
    context: { detected_intent: null, intent_confidence: 0, entities: {}, is_ambiguous: false, ambiguity_reason: null },
    profileUpdates: {},
    outOfScope: false,
    between: null,
  };
}

/** The sensor's Context for the stages after it (a failed sensor has already ended the turn). */
export function sensedOf(turn: TurnSoFar): Sensed {
  const value = turn.valueIfRan(sensorStage);
  return value?.ok ? value : nothingSensed();
}
