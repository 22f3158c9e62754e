import type { TurnOutcome } from "../contracts/turn-outcome";
import type { ReplayTurnInput } from "./replay-turn-input";

/** Where a replay stopped short of the session's end, and why (docs/replay.md#people-in-the-session). */
export interface ReplayStop {
  /** The last turn that was replayed; -1 when none was. */
  turnIndex: number;
  reason: "handoff" | "approval";
  note: string;
}

/**
 * Who had the session as the replay goes, beside who had it when the turns ran: tool calls the replay
 * paused at that no decision has resumed yet (by tool id).
 */
export class PeopleTrack {
  private readonly paused = new Set<string>();

  /**
   * After replayed turn `turn`, with `next` the stored turn after it: the stop, when the replay and
   * the recorded session part ways on a person. A replay follows the recording where they agree — a
   * handoff both made, the turns a person had the session for (reproduced as queued turns), a return
   * to the agent, a pause both made and the decision that resumed it — and stops where they do not,
   * since what the customer said next was said to someone the replay no longer has.
   */
  stopAfter(turn: ReplayTurnInput, outcome: TurnOutcome, next: ReplayTurnInput | undefined): ReplayStop | null {
    const decided = turn.tape?.approval?.tool_id;
    if (decided) this.paused.delete(decided);
    if (outcome.outcome === "awaiting_approval" && outcome.approval) this.paused.add(outcome.approval.toolId);
    if (!next) return null;
    return handoffParting(turn, outcome) ?? this.approvalParting(turn, outcome, next);
  }

  private approvalParting(turn: ReplayTurnInput, outcome: TurnOutcome, next: ReplayTurnInput): ReplayStop | null {
    const n = turn.turnIndex + 1;
    const resumes = next.tape?.approval?.tool_id;
    if (resumes) {
      if (this.paused.has(resumes)) return null;
      return {
        turnIndex: turn.turnIndex,
        reason: "approval",
        note: `turn ${n + 1} resumed a tool call a person decided on, which this replay never paused at: the replay stops there`,
      };
    }
    if (outcome.outcome === "awaiting_approval" && turn.original.outcome !== "awaiting_approval") {
      return {
        turnIndex: turn.turnIndex,
        reason: "approval",
        note: `turn ${n} waits for approval of ${outcome.approval?.toolKey ?? "a tool"}, where the recorded session went on without one: the replay stops there`,
      };
    }
    return null;
  }
}

/** A handoff one of them made and the other did not. */
function handoffParting(turn: ReplayTurnInput, outcome: TurnOutcome): ReplayStop | null {
  const replayed = outcome.outcome === "handoff";
  const recorded = turn.original.outcome === "handoff";
  if (replayed === recorded) return null;
  const n = turn.turnIndex + 1;
  return {
    turnIndex: turn.turnIndex,
    reason: "handoff",
    note: replayed
      ? `turn ${n} hands the conversation to a person in this replay, where the recorded session went on with the agent: the replay stops there`
      : `turn ${n} handed the conversation to a person when it ran and no longer does: what the customer said next went to a person, so the replay stops there`,
  };
}
