// The per-session state a turn reads and returns (PRODUCT.md §2 Session). The host persists it.

export interface RuleFireRecord {
  count: number;
  /** turnIndex of the last turn the rule fired on. */
  lastTurn: number;
}

export interface HistoryEntry {
  role: "user" | "agent";
  text: string;
}

export interface SessionState {
  activeScenarioId: string | null;
  activeStepId: string | null;
  /** Session variables: tool outputs and values carried between turns. */
  variables: Record<string, unknown>;
  ruleFires: Record<string, RuleFireRecord>;
  stepClarificationCount: Record<string, number>;
  /** Customer profile fields (validated entities). */
  profile: Record<string, unknown>;
  /** Bounded conversation history, oldest first (seed 004 CHAT_HISTORY_MAX_TURNS). */
  history: HistoryEntry[];
  /** Index the next turn gets: 0 for the first turn of a session. */
  turnIndex: number;
  /** Seed 004 ContinuityState sidecar (issue 8) and seed 000 goal state (issue 7): opaque here. */
  continuity: Record<string, unknown>;
  goal: Record<string, unknown>;
}

export function emptySessionState(): SessionState {
  return {
    activeScenarioId: null,
    activeStepId: null,
    variables: {},
    ruleFires: {},
    stepClarificationCount: {},
    profile: {},
    history: [],
    turnIndex: 0,
    continuity: {},
    goal: {},
  };
}
