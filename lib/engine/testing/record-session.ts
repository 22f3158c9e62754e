import type { CompiledAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import { emptySessionState } from "../contracts/session-state";
import type { TurnInput, TurnOutcome } from "../contracts/turn-outcome";
import { fallbackStreak } from "../pipeline/fallback-streak";
import { runTurn } from "../pipeline/run-turn";
import { queuedOutcome } from "../pipeline/turn-without-pipeline";
import type { EnginePorts } from "../ports";
import { tapeEnd } from "../replay/external-state";
import { nextStartState } from "../replay/next-start-state";
import { recordingPorts } from "../replay/recording-ports";
import type { ReplaySessionInput } from "../replay/replay-session";
import { stableRefsOf } from "../replay/stable-refs";
import { startFingerprint } from "../replay/start-state";
import type { TapeApproval, TapePerson } from "../replay/tape";
import { maskPii } from "../stages/privacy/mask-pii";

/** What the session's operator does (docs/handoffs.md), as the host would see it between turns. */
export interface RecordedOperator {
  /** Takes the session over (mode `waiting`) just before this turn. */
  takeOverBefore?: number;
  /** While a person has the session: hands it back to the agent once this many messages queued. */
  returnAfterQueued?: number;
  /** The note the return leaves for the agent's next turn. */
  note?: string;
}

/**
 * Plays `messages` as one session the way the host does — each turn through recording ports, the
 * next turn from the state the host would load, the fallback streak counted over the turns before, a
 * message queued while a person has the session, a return note told once — and returns it as a
 * replay's input: the stored turns with their tapes. Tests and the benchmark replay it without a database.
 */
export async function recordSession(
  agent: CompiledAgent,
  sessionId: string,
  messages: readonly string[],
  ports: EnginePorts,
  options: {
    continuityEnabled?: boolean;
    turnId?: (index: number) => string;
    /** Turns that resume a paused tool call, by index: the operator's decision they ran with. */
    approvals?: Readonly<Record<number, TapeApproval>>;
    operator?: RecordedOperator;
  } = {},
): Promise<ReplaySessionInput & { outcomes: TurnOutcome[] }> {
  const turns: ReplaySessionInput["turns"] = [];
  const outcomes: TurnOutcome[] = [];
  const settings = resolveAgentSettings(agent.snapshot.settings);
  const refs = stableRefsOf(agent);
  const people = { mode: "agent" as TapePerson["mode"], queued: 0, note: undefined as string | undefined };
  let state = emptySessionState();
  for (const [index, message] of messages.entries()) {
    operatorActs(people, options.operator, index);
    const turnId = options.turnId?.(index) ?? `${sessionId}-t${index}`;
    const approval = options.approvals?.[index];
    const input: Omit<TurnInput, "message" | "turnId"> = {
      continuityEnabled: options.continuityEnabled ?? false,
      fallbackStreak: fallbackStreak(
        outcomes.map((o) => o.outcome).reverse(),
        settings.handoff.fallbacks_before_handoff,
      ),
      ...(people.mode === "agent" && people.note ? { operatorNote: people.note } : {}),
      ...(approval ? { approval: { toolId: approval.tool_id, decision: approval.decision } } : {}),
    };
    const person = people.mode !== "agent" || people.note ? { mode: people.mode, operator_messages: [] } : null;
    const recorder = recordingPorts(ports, input, refs);
    const start = startFingerprint(state, { fallbackStreak: input.fallbackStreak ?? 0 }, refs);
    let outcome: TurnOutcome;
    if (people.mode === "agent") {
      outcome = await runTurn(agent, state, { message, turnId, ...input }, recorder.ports);
      people.note = undefined;
    } else {
      // As the host stores a message no pipeline reads: masked.
      const masked = maskPii(message, settings.privacy, ports.vault).text;
      outcome = { ...queuedOutcome(agent, state, { message: masked, turnId }, ports), message: masked };
      people.queued += 1;
    }
    if (outcome.outcome === "handoff") {
      people.mode = "waiting";
      people.queued = 0;
    }
    const next = nextStartState(state.goal, outcome);
    turns.push({
      turnId,
      turnIndex: index,
      // As the host stores it: placeholders for what privacy masked.
      message: outcome.message ?? message,
      tape: {
        ...recorder.tape(),
        start,
        end: tapeEnd(next.profile, next.goal),
        ...(approval ? { approval } : {}),
        ...(person ? { person } : {}),
      },
      original: {
        outcome: outcome.outcome,
        response: outcome.response,
        modelCalls: outcome.modelCalls,
        provenance: structuredClone(outcome.provenance),
      },
    });
    outcomes.push(outcome);
    state = next;
  }
  return { sessionId, turns, outcomes };
}

/** The operator's moves before turn `index`: a take-over, or a return once enough messages queued. */
function operatorActs(
  people: { mode: TapePerson["mode"]; queued: number; note: string | undefined },
  operator: RecordedOperator | undefined,
  index: number,
): void {
  if (!operator) return;
  if (operator.takeOverBefore === index && people.mode === "agent") {
    people.mode = "waiting";
    people.queued = 0;
  }
  const returnAfter = operator.returnAfterQueued;
  if (people.mode !== "agent" && returnAfter !== undefined && people.queued >= returnAfter) {
    people.mode = "agent";
    people.queued = 0;
    people.note = operator.note;
  }
}
