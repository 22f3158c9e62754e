import type { ModelResult } from "../contracts/model";
import type { ToolResult } from "../ports";
import type { StartFingerprint } from "./start-state";

// What a turn's ports returned, so the engine can run the turn again without the outside world
// (docs/replay.md). One tape per stored turn, written in the turn's transaction, deleted with it.

const TAPE_VERSION = 1;

const MODEL_CALL_KINDS = ["sense", "generate", "judge", "extract", "select"] as const;
export type ModelCallKind = (typeof MODEL_CALL_KINDS)[number];

export interface TapeModelCall {
  kind: ModelCallKind;
  /** SHA-256 of the RFC 8785 canonical JSON of the request: the request itself is not kept. */
  request_sha256: string;
  /** The parsed output or the failure reason, exactly as the provider returned it. */
  result: ModelResult<unknown>;
}

export interface TapeToolCall {
  tool_key: string;
  input_sha256: string;
  result: ToolResult;
}

/** Profile and goal can change between turns without a turn (another session of the customer, the goal API). */
export interface TapeExternalState {
  profile?: Record<string, unknown>;
  goal?: Record<string, unknown>;
}

export type TapeApproval = { approval_id: string; tool_id: string; decision: "approved" | "denied" };

export type TapePerson = {
  mode: "agent" | "waiting" | "human";
  operator_messages: { id: string; text_sha256: string }[];
};

// A type, not an interface: stored as jsonb and carried in a test case's loose `tape` object, both of
// which take a plain object (an interface has no index signature).
export type TurnTape = {
  version: typeof TAPE_VERSION;
  provider: { name: string; model: string; extract: boolean; select: boolean };
  embedder: { name: string; dimension: number };
  continuity_enabled: boolean;
  calls: TapeModelCall[];
  tools: TapeToolCall[];
  /** clock.now() readings in order (continuity's option-set TTLs read the wall clock). */
  clock: string[];
  /** ids.next() results in order (option-set and loop-cycle ids end up in the session state). */
  ids: string[];
  /**
   * Set only where the turn started from a profile or goal that the previous turn did not leave
   * (or, on a session's first turn, a non-empty profile): a replay rebuilds everything else.
   */
  external?: TapeExternalState;
  /** A turn that resumed a paused tool call: the operator's decision it ran with (docs/approvals.md). */
  approval?: TapeApproval;
  /**
   * The first agent turn after a person handed the session back with a note: the note, which its
   * generation request carries (docs/handoffs.md). Kept as text: the request hashes over it.
   */
  operator_note?: string;
  /**
   * The knowledge passages the turn cited (`TurnInput.knowledge`): evidence the `ungrounded` check read
   * (stages/enforcement/README.md#ungrounded-facts). Kept as text: a replay checks against the same.
   */
  cited_passages?: { id: string; text: string }[];
  /**
   * Set on a turn a person was part of (docs/handoffs.md): the session's mode when it ran and the
   * operator messages sent since the turn before (ids and SHA-256 of the text, never the text).
   */
  person?: TapePerson;
  /** Hashes of the profile and goal this turn left, so the next turn can tell an outside change. */
  end: { profile_sha256: string; goal_sha256: string };
  /**
   * A short hash of each field of the state the turn started from and of each input a replay rebuilds
   * (start-state.ts): a replay compares its own, so a field it rebuilds differently is named, not guessed.
   */
  start?: StartFingerprint;
};
