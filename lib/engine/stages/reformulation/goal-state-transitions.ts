import {
  ActiveReformulation,
  GoalCandidateRecord,
  GoalOriginal,
  GoalState,
  type ReformulationCandidate,
  type ReformulationVerdict,
} from "../../contracts/goal-state";
import type { Provenance, TurnOutcomeKind } from "../../contracts/turn-outcome";
import { contentTokens, tokenize } from "./text-tokens";

// Pure transitions of a session's goal state (reversibility: the original is preserved
// in state, a reformulation can be discarded, no permanent change). The host persists the result.

/** Newest candidates kept on the session; the ledger holds every one (seq-ordered, hash-chained). */
export const GOAL_HISTORY_MAX = 20;
/** An original goal is stored like an API goal text: at most 1000 characters. */
const ORIGINAL_MAX_CHARS = 1000;
/** Turns whose request was understood: not a clarification (ambiguous), fallback or error. */
const CLEAR_OUTCOMES: ReadonlySet<TurnOutcomeKind> = new Set(["answered", "regenerated", "escalated"]);
/** Messages made only of these are not requests ("hi", "thanks", "ok"). */
const NON_REQUEST_WORDS = new Set(["hi", "hello", "hey", "thanks", "thank", "ok", "okay", "yes", "yeah", "no", "bye"]);

/** The stored `sessions.goal` (`{}` for a new session) as a GoalState; unreadable parts are dropped. */
export function readGoalState(raw: unknown): GoalState {
  const stored = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  // A new session's goal is `{}`: every part missing, which no schema accepts. Each failed parse
  // builds its error (three per read, three reads a turn: ~5% of a turn at 1,000 rules), so a part
  // that is not there is not parsed; what comes out is the same.
  const whole =
    stored.original !== undefined && stored.active_reformulation !== undefined && stored.history !== undefined;
  const parsed = whole ? GoalState.safeParse(raw) : null;
  if (parsed?.success) return parsed.data;
  const original =
    typeof stored.original === "string"
      ? { text: stored.original, set_at_turn: 0 }
      : (parsedOrNull(GoalOriginal, stored.original) ?? null);
  const history = Array.isArray(stored.history) ? stored.history : [];
  return {
    original,
    active_reformulation: parsedOrNull(ActiveReformulation, stored.active_reformulation) ?? null,
    history: history.flatMap((h) => GoalCandidateRecord.safeParse(h).data ?? []),
  };
}

/** `schema.safeParse(value).data`, without the parse for a value no object schema takes (null, undefined). */
function parsedOrNull<T>(schema: { safeParse(value: unknown): { data?: T } }, value: unknown): T | undefined {
  return value === null || value === undefined ? undefined : schema.safeParse(value).data;
}

/**
 * "The original (from the first clear request)" (docs/goals.md#the-goal-of-a-session): the goal with its original set
 * from this turn's message when it has none yet, the turn was understood, and the message asks for
 * something. Otherwise the goal unchanged. The original is never overwritten.
 */
export function originalGoalFromTurn(
  goal: unknown,
  message: string,
  outcome: TurnOutcomeKind,
  turnIndex: number,
): GoalState {
  const state = readGoalState(goal);
  if (state.original || !CLEAR_OUTCOMES.has(outcome)) return state;
  const text = message.trim().slice(0, ORIGINAL_MAX_CHARS);
  const asks = contentTokens(tokenize(text)).some((t) => !NON_REQUEST_WORDS.has(t.norm));
  return asks ? { ...state, original: { text, set_at_turn: turnIndex } } : state;
}

/**
 * The goal a turn stores: the goal committed in the database now (read under the session's row lock),
 * plus this turn's only direct change to it — the original, set from its message when the committed
 * goal has none. Everything else (the active reformulation, the history) belongs to changes committed
 * on their own (restore, API candidates, a turn's ledgered candidate) and is taken as committed, so a
 * change another instance committed while the turn ran is never written over.
 */
export function withTurnGoal(committed: unknown, turnGoal: unknown): GoalState {
  const current = readGoalState(committed);
  if (current.original) return current;
  const original = readGoalState(turnGoal).original;
  return original ? { ...current, original } : current;
}

export interface RecordedCandidate {
  candidate: ReformulationCandidate;
  verdict: ReformulationVerdict;
  turnIndex: number;
  /** The GOAL_REFORMULATION(_REJECTED) event, written before this state is stored. */
  ledgerEventId: string;
  source: GoalCandidateRecord["source"];
}

/**
 * An accepted candidate becomes the one active reformulation (the previous is superseded); a rejected one is history.
 */
export function withCandidateRecorded(goal: GoalState, entry: RecordedCandidate): GoalState {
  const { candidate, verdict } = entry;
  const evidenceIds = candidate.evidence.map((e) => e.id);
  const record: GoalCandidateRecord = {
    text: candidate.reformulated,
    type: candidate.type,
    confidence: candidate.confidence,
    evidence_ids: evidenceIds,
    accepted: verdict.accepted,
    code: verdict.code,
    failed_criteria: verdict.failed_criteria.map((c) => c.criterion),
    intent_preservation: verdict.intent_preservation,
    detected_type: verdict.detected_type,
    at_turn: entry.turnIndex,
    ledger_event_id: entry.ledgerEventId,
    status: verdict.accepted ? "active" : "rejected",
    source: entry.source,
  };
  if (!verdict.accepted) {
    return { ...goal, history: [...goal.history, record].slice(-GOAL_HISTORY_MAX) };
  }
  const history = goal.history.map((h) => (h.status === "active" ? { ...h, status: "superseded" as const } : h));
  return {
    original: goal.original,
    active_reformulation: {
      text: candidate.reformulated,
      type: candidate.type,
      confidence: candidate.confidence,
      evidence_ids: evidenceIds,
      ledger_event_id: entry.ledgerEventId,
      accepted_at_turn: entry.turnIndex,
    },
    history: [...history, record].slice(-GOAL_HISTORY_MAX),
  };
}

/** Discards the active reformulation: the next turn runs on the original. */
export function withOriginalRestored(goal: GoalState): GoalState {
  return {
    original: goal.original,
    active_reformulation: null,
    history: goal.history.map((h) => (h.status === "active" ? { ...h, status: "restored" as const } : h)),
  };
}

/** The provenance footer's goal part from a stored goal state. */
export function goalProvenance(goal: unknown): Provenance["goal"] {
  const state = readGoalState(goal);
  return {
    original: state.original?.text ?? null,
    active_reformulation: state.active_reformulation?.text ?? null,
    evidence_ids: state.active_reformulation?.evidence_ids ?? [],
  };
}
