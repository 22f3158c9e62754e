import type { StageReport } from "../../pipeline/stage";
import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnSoFar, TurnStage } from "../../pipeline/turn-stage";
import { continuityResolved } from "../continuity/continuity-stage";
import { safeClarifier } from "../generation/safe-replies";
import { matchHandoffRequest } from "./handoff-request";
import { runSensor, type SensorStageResult } from "./run-sensor";

/** The intent a message asking for a person is logged under. */
const HANDOFF_INTENT = "handoff_request";

type Sensed = Extract<SensorStageResult, { ok: true }>;

/** Stage 1 (README): one Context per turn, from the local sensor or one model call; none when continuity resolved the turn. */
export const sensorStage: TurnStage<SensorStageResult> = {
  name: "sensor",
  runsWhen: (_ctx, turn) => !continuityResolved(turn),
  run: (ctx) => askedForPerson(ctx) ?? runSensor(ctx),
  outcomeParts: (value) =>
    value.ok ? { profileUpdates: value.profileUpdates, detectedIntent: value.context.detected_intent } : {},
  // A model fault gets a safe clarifier in the active context, never a guess (docs/pipeline.md#degradation).
  settle(ctx, value) {
    if (!value.ok) return { response: safeClarifier(ctx), outcome: "fallback", fallbackReason: value.reason };
    if (value.handoff) {
      return {
        response: ctx.settings.handoff.message,
        outcome: "handoff",
        fallbackReason: null,
        handoff: value.handoff,
      };
    }
    Object.assign(ctx.session.profile, value.profileUpdates);
    return null;
  },
};

/**
 * A customer asking for a person (handoff-request.ts) is recognised before any sensing: no embedding,
 * no model call, and the turn ends with the hand-off message.
 */
function askedForPerson(ctx: TurnContext): StageReport<SensorStageResult> | null {
  const match = matchHandoffRequest(ctx.input.message, ctx.settings.handoff.request_examples);
  if (!match) return null;
  return {
    value: {
      ok: true,
      context: {
        detected_intent: HANDOFF_INTENT,
        intent_confidence: 1,
        entities: {},
        is_ambiguous: false,
        ambiguity_reason: null,
      },
      profileUpdates: {},
      outOfScope: false,
      between: null,
      handoff: { reason: "customer_request", detail: match.example },
    },
    decision: `customer asks for a person (like "${match.example}"): hand off`,
    attributes: { decided_by: "handoff_examples", matched_example: match.example },
  };
}

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
