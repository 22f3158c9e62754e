import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import { runTurn } from "../pipeline/run-turn";
import { type DecisionDiff, diffDecisions } from "./decision-diff";
import { fitStateToAgent, nextStartState, withExternalState } from "./next-start-state";
import { type Divergence, type ReplayPortsOptions, replayPorts } from "./replay-ports";
import { stableRefsOf } from "./stable-refs";
import type { TurnTape } from "./tape";
import { type DecisionSource, type TurnDecisions, turnDecisions } from "./turn-decisions";

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
 * changed outside turns, as the tape recorded it. Pure: writes nothing; the same inputs give the same
 * result. Under the configuration a session ran on, every turn comes out `same` (docs/replay.md).
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
  let state: SessionState = emptySessionState();
  for (const turn of session.turns) {
    const tape = turn.tape as TurnTape;
    const agent = typeof agentFor === "function" ? agentFor(turn) : agentFor;
    const start = fitStateToAgent(withExternalState({ ...state, turnIndex: turn.turnIndex }, tape.external), agent);
    const { ports, divergences } = replayPorts(tape, { ...options, refs: stableRefsOf(agent) });
    const outcome = await runTurn(
      agent,
      start,
      { message: turn.message, turnId: turn.turnId, continuityEnabled: tape.continuity_enabled },
      ports,
    );
    const before = turnDecisions(turn.original);
    const after = turnDecisions(outcome);
    const diff = diffDecisions(before, after);
    const notes: string[] = [];
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
      before,
      after,
      diff,
      note: notes.length ? notes.join("; ") : null,
      ...(options.withStages
        ? { stages: outcome.spans.map((s) => ({ name: s.name, status: s.status, decision: s.decision })) }
        : {}),
    });
    state = nextStartState(start.goal, outcome);
  }
  return { sessionId: session.sessionId, replayable: true, turns };
}
