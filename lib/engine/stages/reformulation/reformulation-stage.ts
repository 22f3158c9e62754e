import type { TurnOutcome } from "../../contracts/turn-outcome";
import type { TurnStage } from "../../pipeline/turn-stage";
import { sensedOf } from "../sensor/sensor-stage";
import { toolsStage } from "../tools/tools-stage";
import { proposeFromModel } from "./propose-from-model";

/**
 * Goal reformulation (docs/goals.md), when the model proposed one: validated here against the evidence the
 * turn holds; the host ledgers it in the turn's transaction and it applies from the next turn on.
 */
export const reformulationStage: TurnStage<TurnOutcome["goalCandidate"]> = {
  name: "reformulation",
  runsWhen: (_ctx, turn) => Boolean(sensedOf(turn).context.goal_reformulation),
  run(ctx, turn) {
    // The session's goal is the one the turn started with: nothing before this stage changes it.
    const value = proposeFromModel(sensedOf(turn).context, ctx.session.goal, ctx.session, turn.valueOf(toolsStage));
    if (value.kind !== "validated")
      return { value: null, status: "skipped", decision: value.why, attributes: { kind: value.kind } };
    const { verdict } = value;
    return {
      value: { candidate: value.candidate, verdict, modelPairs: value.modelPairs },
      decision: verdict.accepted
        ? `accepted (${verdict.detected_type})`
        : `rejected ${verdict.code}: ${verdict.failed_criteria.map((c) => c.criterion).join(", ")}`,
      attributes: {
        ...verdict,
        dropped_evidence_ids: value.droppedEvidenceIds,
        dropped_model_pairs: value.droppedModelPairs,
        reformulated: value.candidate.reformulated,
      },
    };
  },
  outcomeParts: (goalCandidate) => ({ goalCandidate }),
};
