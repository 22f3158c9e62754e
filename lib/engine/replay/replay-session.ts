import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import type { TurnOutcome } from "../contracts/turn-outcome";
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

/** Where a replay stopped short of the session's end, and why (docs/replay.md#people-in-the-session). */
interface ReplayStop {
  /** The last turn that was replayed; -1 when none was. */
  turnIndex: number;
  reason: "handoff" | "approval";
  note: string;
}

export interface ReplayedSession {
  sessionId: string;
  replayable: boolean;
  turns: ReplayedTurn[];
  /** Set when the replay stopped at a handoff or an approval no one decided: the later turns are not replayable. */
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
  for (const [at, turn] of session.turns.entries()) {
    const tape = turn.tape as TurnTape;
    const queued = queuedStop(turn, turns.at(-1)?.turnIndex ?? -1);
    if (queued) return stoppedAt(session, turns, at, queued);
    const agent = typeof agentFor === "function" ? agentFor(turn) : agentFor;
    const start = fitStateToAgent(withExternalState({ ...state, turnIndex: turn.turnIndex }, tape.external), agent);
    const { ports, divergences } = replayPorts(tape, { ...options, refs: stableRefsOf(agent) });
    const outcome = await runTurn(
      agent,
      start,
      {
        message: turn.message,
        turnId: turn.turnId,
        continuityEnabled: tape.continuity_enabled,
        ...(tape.approval ? { approval: { toolId: tape.approval.tool_id, decision: tape.approval.decision } } : {}),
      },
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
    const stop = personStop(turn, outcome, session.turns[at + 1]);
    if (stop) return stoppedAt(session, turns, at + 1, stop);
  }
  return { sessionId: session.sessionId, replayable: true, turns };
}

/** A stored turn that ran while a person had the session: nothing of the agent's to replay from here. */
function queuedStop(turn: ReplayTurnInput, lastReplayed: number): ReplayStop | null {
  if (turn.original.outcome !== "queued_for_human") return null;
  return {
    turnIndex: lastReplayed,
    reason: "handoff",
    note: `a person had the session from turn ${turn.turnIndex + 1}: a replay runs the agent alone and stops there`,
  };
}

/**
 * After a replayed turn: a handoff (stored or replayed) stops the replay, since what the customer said
 * next answered a person; a pause for approval stops it unless the next stored turn carries the
 * operator's decision on that tool.
 */
function personStop(turn: ReplayTurnInput, outcome: TurnOutcome, next: ReplayTurnInput | undefined): ReplayStop | null {
  if (!next) return null;
  if (outcome.outcome === "handoff" || turn.original.outcome === "handoff") {
    return {
      turnIndex: turn.turnIndex,
      reason: "handoff",
      note: `turn ${turn.turnIndex + 1} handed the conversation to a person: the replay stops there`,
    };
  }
  const paused = outcome.outcome === "awaiting_approval" ? outcome.approval : null;
  if (paused && next.tape?.approval?.tool_id !== paused.toolId) {
    return {
      turnIndex: turn.turnIndex,
      reason: "approval",
      note: `turn ${turn.turnIndex + 1} waits for approval of ${paused.toolKey}, and no recorded decision on it follows: the replay stops there`,
    };
  }
  return null;
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
