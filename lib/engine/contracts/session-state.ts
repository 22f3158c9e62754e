// The per-session state a turn reads and returns (docs/data-model.md#conversations). The host persists it.

interface RuleFireRecord {
  count: number;
  /** turnIndex of the last turn the rule fired on. */
  lastTurn: number;
}

interface HistoryEntry {
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
  /** Bounded conversation history, oldest first (CHAT_HISTORY_MAX_TURNS). */
  history: HistoryEntry[];
  /** Index the next turn gets: 0 for the first turn of a session. */
  turnIndex: number;
  /** The continuity state sidecar (docs/continuity.md) and the goal state (docs/goals.md): opaque here. */
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
