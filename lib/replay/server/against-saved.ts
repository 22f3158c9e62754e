import { diffDecisions } from "@/lib/engine/replay/decision-diff";
import type { ReplayedSession, ReplayedTurn } from "@/lib/engine/replay/replay-session";

// An impact preview answers "what would this draft change?", so each turn's "before" is the turn
// replayed on the saved configuration, not the stored turn: a turn stored under v3 and previewed on a
// draft of v5 would otherwise list v4's and v5's saved changes as the draft's. No server-only import:
// the compute worker runs it.

/**
 * A draft's replay of a session set against the same session replayed on the saved configuration:
 * before is the saved replay, after the draft's; a turn the saved replay could not reach (it stopped
 * at a person first) is not replayable here, with why.
 */
export function againstSaved(draft: ReplayedSession, saved: ReplayedSession): ReplayedSession {
  const savedTurns = new Map(saved.turns.map((turn) => [turn.turnId, turn]));
  return { ...draft, turns: draft.turns.map((turn) => pairTurn(turn, savedTurns.get(turn.turnId))) };
}

function pairTurn(draft: ReplayedTurn, saved: ReplayedTurn | undefined): ReplayedTurn {
  if (!saved?.after) {
    if (draft.after === null) return draft;
    const why = saved?.note ?? "the turn is missing from it";
    return {
      ...draft,
      status: "not_replayable",
      after: null,
      diff: null,
      note: `not replayable on the saved configuration to compare with: ${why}`,
    };
  }
  if (draft.after === null) return { ...draft, before: saved.after };
  const diff = diffDecisions(saved.after, draft.after);
  return { ...draft, before: saved.after, diff, status: diff.same ? "same" : "changed" };
}
