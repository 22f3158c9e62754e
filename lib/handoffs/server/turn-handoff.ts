import "server-only";
import { clearOperatorNote, type SessionMode } from "@/db/queries/handoffs";
import type { Transaction } from "@/db/types";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import type { Actor } from "@/lib/server/ledger/event-types";
import { SessionMovedOnError, type SettlingTurn, type TurnSettler } from "@/lib/turns/server/turn-settler";
import { followUpDetail } from "../follow-up-detail";
import { openFollowUp } from "./open-follow-up";
import { openHandoff } from "./open-handoff";
import { publishSessionChange } from "./session-events/session-change-bus";

interface TurnHandoffInput {
  sessionId: string;
  agentId: string;
  turnId: string;
  outcome: TurnOutcome;
  /** The mode the turn was run for: a turn run for the agent must not commit once a person has the session. */
  ranInMode: SessionMode;
  /** The return note the turn was told, if any: cleared once told. */
  toldNote: string | null;
  /** The session's mode and return note as read under its row lock in this transaction. */
  locked: SettlingTurn["locked"];
  actor: Actor;
  requestId: string;
}

/**
 * The turn's share of the handoff state, in the turn's transaction after its record (under the
 * session's row lock): an operator who took the session while the turn ran sends it round again
 * (SessionMovedOnError: it reruns as a queued turn); a return note it was told is cleared; a `handoff`
 * outcome opens the handoff, and a shipped reply's promise of a person's follow-up opens one while the
 * agent keeps the session (docs/handoffs.md). Either one's HANDOFF_REQUESTED follows TURN_COMPLETED.
 */
async function settleTurnHandoff(tx: Transaction, input: TurnHandoffInput): Promise<void> {
  const session = input.locked;
  if (session.mode !== input.ranInMode || (session.operatorNote ?? null) !== input.toldNote) {
    throw new SessionMovedOnError();
  }
  if (input.toldNote !== null) await clearOperatorNote(tx, input.sessionId);
  const handoff = input.outcome.outcome === "handoff" ? input.outcome.handoff : null;
  if (!handoff) return openPromisedFollowUp(tx, input);
  await openHandoff(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    reason: handoff.reason,
    detail: handoff.detail,
    turnId: input.turnId,
    actor: input.actor,
    requestId: input.requestId,
  });
}

/** The follow-up the reply promised, with the turn's stored facts (follow-up-detail.ts). */
async function openPromisedFollowUp(tx: Transaction, input: TurnHandoffInput): Promise<void> {
  const { outcome } = input;
  if (!outcome.followUp || input.ranInMode !== "agent") return;
  const extraction = outcome.spans.filter((span) => span.name === "extraction").at(-1);
  const detail = followUpDetail({
    promise: outcome.followUp.promise,
    profile: outcome.session.profile,
    variables: outcome.session.variables,
    stated: (extraction?.attributes.values as Record<string, unknown[]> | undefined) ?? {},
  });
  await openFollowUp(tx, {
    sessionId: input.sessionId,
    agentId: input.agentId,
    detail,
    turnId: input.turnId,
    actor: input.actor,
    requestId: input.requestId,
  });
}

/** Session event streams read the turn's new lines (and a handoff's mode) once they are committed. */
export const handoffSettler: TurnSettler = {
  name: "handoffs",
  settle: settleTurnHandoff,
  committed: (turn) => publishSessionChange(turn.sessionId),
};
