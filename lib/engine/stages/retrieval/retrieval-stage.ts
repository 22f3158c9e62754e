import type { TurnStage } from "../../pipeline/turn-stage";
import { sensedOf } from "../sensor/sensor-stage";
import { type Candidates, scoreCandidates } from "./score-candidates";

export interface Retrieved {
  candidates: Candidates;
  /** Embedding of the user's message: routing, rule filtering and the relevance check compare against it. */
  message: Float32Array;
}

/** Stage 3 (README): scenario and transition candidates for the message, scoped to where the conversation is. */
export const retrievalStage: TurnStage<Retrieved> = {
  name: "retrieval",
  async run(ctx, turn) {
    const sensed = sensedOf(turn);
    const [messageVector] = await ctx.ports.embedder.embed([ctx.input.message]);
    const message = messageVector ?? new Float32Array(0);
    const candidates = scoreCandidates(
      ctx.agent,
      ctx.session,
      message,
      ctx.input.message,
      sensed.context,
      ctx.settings.ambiguity.min_intent_confidence,
      sensed.outOfScope,
    );
    const top = candidates.scenarios[0];
    return {
      value: { candidates, message },
      decision: `${candidates.scenarios.length} scenarios, top ${top ? `${top.name} ${top.score.toFixed(2)}` : "none"}; ${candidates.transitions.length} transitions${candidates.exit.requested ? "; exit requested" : ""}`,
      attributes: { scenarios: candidates.scenarios, transitions: candidates.transitions, exit: candidates.exit },
    };
  },
};
