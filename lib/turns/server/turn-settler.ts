import type { SessionMode } from "@/db/queries/handoffs";
import type { InsertWithTurn } from "@/db/queries/turns";
import type { DbOrTx, Transaction } from "@/db/types";
import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import type { TurnTape } from "@/lib/engine/replay/tape";
import type { Actor } from "@/lib/server/ledger/event-types";

// What a feature needs to take part in a turn's commit, and nothing of the host: a feature's settler
// imports this file, never the host, so the host can run the settlers without importing one of them.

/** An outcome as stored: with the customer's message, masked. */
export type StoredOutcome = TurnOutcome & { message: string };

/** The turn being committed, as every settler sees it (inside the turn's transaction, under its row lock). */
export interface SettlingTurn {
  turnId: string;
  sessionId: string;
  agentId: string;
  customerProfileId: string | null;
  turnIndex: number;
  outcome: StoredOutcome;
  latencyMs: number;
  configVersion: number;
  /** The session's environment, copied onto the turn for a split's comparison. */
  environment: string | null;
  /** What the turn's ports returned; its `end` is written from what is committed. */
  tape: Omit<TurnTape, "end">;
  actor: Actor;
  requestId: string;
  /** The mode the turn was run for: a turn run for the agent must not commit once a person has the session. */
  ranInMode: SessionMode;
  /** The operator's return note the turn was told, if any: cleared once told. */
  toldNote: string | null;
  /** The agent's settings at the version the turn ran on (each feature reads its own). */
  settings: AgentSettings;
  /** The session's PII vault for this turn: its new entries are stored with it. */
  vault: { save(tx: DbOrTx): Promise<void> };
  /**
   * The session's mode and pending return note as read under the row lock when the commit began (no
   * settler changes them before the handoffs' one reads them).
   */
  locked: { mode: SessionMode; operatorNote: string | null };
  /** The session's goal as committed so far in this transaction (a settler may move it on). */
  goal: Record<string, unknown>;
  /** The settlers' inserts written in the turn record's own statement (`TurnSettler.rowsWithTurn`). */
  rowsWithTurn: readonly InsertWithTurn[];
}

/** What a settler may hand on to the settlers after it: the goal it committed. */
type SettledPart = Partial<Pick<SettlingTurn, "goal">>;

/** What the host works out itself before the settlers run. */
export type SettlingInput = Omit<SettlingTurn, "goal" | "locked" | "rowsWithTurn">;

/**
 * A feature's share of a turn's commit: runs in the turn's transaction, in the order of the one list
 * of settlers, after the session row is locked and saved. Throwing rolls the whole turn back.
 */
export interface TurnSettler {
  readonly name: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: a settler that hands nothing on is any Promise<void>
  settle?(tx: Transaction, turn: SettlingTurn): Promise<SettledPart | void>;
  /**
   * Rows that only reference the turn, written in the turn record's own statement instead of one of
   * their own (each statement costs ~1 ms of CPU on PGlite): an insert no ledger event and no later
   * settler reads, built from the turn as the host hands it over, before any settler ran.
   */
  rowsWithTurn?(tx: Transaction, turn: SettlingInput): InsertWithTurn | null;
  /** After the turn committed, never awaited and never failing it (tell live listeners). */
  committed?(turn: SettlingTurn): void;
}

/** Another turn of this session (or an operator taking it) committed first: the turn runs again on fresh state. */
export class SessionMovedOnError extends Error {
  constructor() {
    super("another turn of this session committed first");
  }
}
