import type { TurnInput } from "../contracts/turn-outcome";
import type { RebuiltInput } from "./start-state";
import type { TurnTape } from "./tape";

interface InputSources {
  /** The stored turn: its message as stored (privacy's placeholders already in it) and its id. */
  turn: { message: string; turnId: string };
  tape: TurnTape;
  /** Rebuilt from the replayed turns before this one, as the host derives it from the stored ones. */
  rebuilt: RebuiltInput;
}

// Where a replay finds each field of the TurnInput the host ran the turn with. Keyed by every field of
// TurnInput, so a field added there does not compile until it says where a replay gets it: from the
// turn row, from the tape (then recording-ports.ts or the host writes it there), or rebuilt from the
// turns before (then start-state.ts fingerprints it). An input a replay did not get is a turn it
// cannot reproduce (docs/replay.md).
const SOURCES: { [K in keyof Required<TurnInput>]: (from: InputSources) => TurnInput[K] } = {
  message: ({ turn }) => turn.message,
  turnId: ({ turn }) => turn.turnId,
  continuityEnabled: ({ tape }) => tape.continuity_enabled,
  fallbackStreak: ({ rebuilt }) => rebuilt.fallbackStreak,
  operatorNote: ({ tape }) => tape.operator_note,
  knowledge: ({ tape }) => (tape.cited_passages ? { citedPassages: tape.cited_passages } : undefined),
  approval: ({ tape }) =>
    tape.approval ? { toolId: tape.approval.tool_id, decision: tape.approval.decision } : undefined,
};

/** The TurnInput a replayed turn runs with: every field from its source, absent ones left out. */
export function replayedTurnInput(from: InputSources): TurnInput {
  const input: TurnInput = { message: SOURCES.message(from), turnId: SOURCES.turnId(from) };
  for (const key of Object.keys(SOURCES) as (keyof TurnInput)[]) copyFromSource(input, key, from);
  return input;
}

function copyFromSource<K extends keyof TurnInput>(input: TurnInput, key: K, from: InputSources): void {
  const value = SOURCES[key](from);
  if (value !== undefined) input[key] = value;
}
