import { type CompiledAgent, settingsOf } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import { fallbackStreak } from "../pipeline/fallback-streak";
import { runTurn } from "../pipeline/run-turn";
import { queuedOutcome } from "../pipeline/turn-without-pipeline";
import { type DecisionDiff, diffDecisions } from "./decision-diff";
import { fitStateToAgent, nextStartState, withExternalState } from "./next-start-state";
import { PeopleTrack, type ReplayStop } from "./people-stops";
import { type Divergence, type ReplayPortsOptions, replayPorts } from "./replay-ports";
import type { ReplayTurnInput } from "./replay-turn-input";
import { replayedTurnInput } from "./replayed-input";
import { stableRefsOf } from "./stable-refs";
import { startDrift, startFingerprint } from "./start-state";
import type { TurnTape } from "./tape";
import { type TurnDecisions, turnDecisions } from "./turn-decisions";

export interface ReplaySessionInput {
  sessionId: string;
  /** Every turn of the session, in turn order. */
  turns: ReplayTurnInput[];
}

type ReplayedTurnStatus = "same" | "changed" | "not_replayable";

export interface ReplayedTurn {
  turnId: string;
  turnIndex: number;
  status: ReplayedTurnStatus;
  /** Frozen: some call the new configuration made was not on the tape (see `divergences`). */
  diverged: boolean;
  divergences: Divergence[];
  /**
   * Fields of the state the turn started from that differ from what it ran with (start-state.ts). Set
   * only when some do: after an earlier turn changed, or — under the configuration it ran on — where
   * a replay fails to rebuild what the host kept.
   */
  startDrift?: string[];
  before: TurnDecisions;
  after: TurnDecisions | null;
  diff: DecisionDiff | null;
  /** Why a turn could not be replayed, or what to know about its replay. */
  note: string | null;
  /** Each stage of the replayed turn and what it decided, to set beside the stored trace's spans. */
  stages?: { name: string; status: string; decision: string }[];
}

export interface ReplayedSession {
  sessionId: string;
  replayable: boolean;
  turns: ReplayedTurn[];
  /** Set when the replay and the recorded session parted ways on a person: the later turns are not replayable. */
  stopped?: ReplayStop;
}

/** Every turn of a session listed as not replayable, with why: never silently skipped. */
export function unreplayableSession(session: ReplaySessionInput, note: string): ReplayedSession {
  return { sessionId: session.sessionId, replayable: false, turns: session.turns.map((t) => notReplayable(t, note)) };
}

function notReplayable(turn: ReplayTurnInput, note: string): ReplayedTurn {
  return {
    turnId: turn.turnId,
    turnIndex: turn.turnIndex,
    status: "not_replayable",
    diverged: false,
    divergences: [],
    before: turnDecisions(turn.original),
    after: null,
    diff: null,
    note,
  };
}

/**
 * Re-runs a whole session, in order, under a compiled configuration (one for every turn, or one per
 * turn — the configuration each turn ran on, for a fidelity check), serving model and
 * tool calls from each turn's tape (frozen) or from live ports. Each turn starts from the state the
 * replayed turn before it left — so a change on turn 1 carries into routing on turn 2 — plus what
 * changed outside turns, as the tape recorded it; a turn stored while a person had the session is
 * reproduced as the queued turn it was. Pure: writes nothing; the same inputs give the same result.
 * Under the configuration a session ran on, every turn comes out `same` (docs/replay.md).
 */
export async function replaySession(
  agentFor: CompiledAgent | ((turn: ReplayTurnInput) => CompiledAgent),
  session: ReplaySessionInput,
  options: ReplayPortsOptions & { withStages?: boolean },
): Promise<ReplayedSession> {
  const missing = session.turns.findIndex((t) => t.tape === null);
  if (missing >= 0 || session.turns.length === 0) {
    const note =
      missing >= 0
        ? `turn ${missing + 1} was stored before turns kept their tapes: this session cannot be replayed`
        : "the session has no turns";
    return unreplayableSession(session, note);
  }

  const turns: ReplayedTurn[] = [];
  const people = new PeopleTrack();
  /** Outcomes of the replayed turns, newest first: the fallback streak is counted over them. */
  const outcomes: string[] = [];
  let state: SessionState = emptySessionState();
  for (const [at, turn] of session.turns.entries()) {
    const tape = turn.tape as TurnTape;
    const agent = typeof agentFor === "function" ? agentFor(turn) : agentFor;
    const refs = stableRefsOf(agent);
    const start = fitStateToAgent(withExternalState({ ...state, turnIndex: turn.turnIndex }, tape.external), agent);
    const limit = settingsOf(agent).handoff.fallbacks_before_handoff;
    const rebuilt = { fallbackStreak: fallbackStreak(outcomes, limit) };
    const { ports, divergences } = replayPorts(tape, { ...options, refs });
    // The recorded turn ran while a person had the session (a handoff both runs made, or an operator
    // took it over): no pipeline ran, so none runs here either.
    const outcome =
      turn.original.outcome === "queued_for_human"
        ? queuedOutcome(agent, start, { message: turn.message, turnId: turn.turnId }, ports)
        : await runTurn(agent, start, replayedTurnInput({ turn, tape, rebuilt }), ports);
    const before = turnDecisions(turn.original);
    const after = turnDecisions(outcome);
    const diff = diffDecisions(before, after);
    const drift = startDrift(tape.start, startFingerprint(start, rebuilt, refs));
    const notes: string[] = [];
    if (drift.length > 0) notes.push(`started from another state than when it ran: ${drift.join(", ")}`);
    if (tape.embedder.name !== options.embedder.name) {
      notes.push(`recorded with the ${tape.embedder.name} embedder, replayed with ${options.embedder.name}`);
    }
    if (turn.original.outcome === "error") notes.push("the engine failed on this turn when it ran");
    turns.push({
      turnId: turn.turnId,
      turnIndex: turn.turnIndex,
      status: diff.same ? "same" : "changed",
      diverged: divergences.length > 0,
      divergences,
      ...(drift.length > 0 ? { startDrift: drift } : {}),
      before,
      after,
      diff,
      note: notes.length ? notes.join("; ") : null,
      ...(options.withStages
        ? { stages: outcome.spans.map((s) => ({ name: s.name, status: s.status, decision: s.decision })) }
        : {}),
    });
    outcomes.unshift(outcome.outcome);
    state = nextStartState(start.goal, outcome);
    const stop = people.stopAfter(turn, outcome, session.turns[at + 1]);
    if (stop) return stoppedAt(session, turns, at + 1, stop);
  }
  return { sessionId: session.sessionId, replayable: true, turns };
}

/** The turns replayed so far, then every later turn listed as not replayable with the stop's note. */
function stoppedAt(
  session: ReplaySessionInput,
  replayed: ReplayedTurn[],
  from: number,
  stop: ReplayStop,
): ReplayedSession {
  const rest = session.turns.slice(from).map((t) => notReplayable(t, stop.note));
  return { sessionId: session.sessionId, replayable: true, turns: [...replayed, ...rest], stopped: stop };
}
