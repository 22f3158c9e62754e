import type { TurnTape } from "./tape";
import type { DecisionSource } from "./turn-decisions";

/** One stored turn as a replay reads it: its message, its tape and what it decided. */
export interface ReplayTurnInput {
  turnId: string;
  turnIndex: number;
  message: string;
  /** Null for a turn stored before turns kept their tapes. */
  tape: TurnTape | null;
  /** The stored turn: what it decided. */
  original: DecisionSource;
  /** The config_version the turn ran on. */
  configVersion?: number;
}
