import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState } from "../contracts/session-state";
import type { TurnOutcome } from "../contracts/turn-outcome";
import { runTurn } from "../pipeline/run-turn";
import type { EnginePorts } from "../ports";
import { tapeEnd } from "../replay/external-state";
import { nextStartState } from "../replay/next-start-state";
import { recordingPorts } from "../replay/recording-ports";
import type { ReplaySessionInput } from "../replay/replay-session";
import { stableRefsOf } from "../replay/stable-refs";
import type { TapeApproval } from "../replay/tape";

/**
 * Plays `messages` as one session the way the host does — each turn through recording ports, the
 * next turn from the state the host would load — and returns it as a replay's input: the stored
 * turns with their tapes. Tests and the benchmark replay it without a database.
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
  } = {},
): Promise<ReplaySessionInput & { outcomes: TurnOutcome[] }> {
  const turns: ReplaySessionInput["turns"] = [];
  const outcomes: TurnOutcome[] = [];
  let state = emptySessionState();
  for (const [index, message] of messages.entries()) {
    const continuityEnabled = options.continuityEnabled ?? false;
    const recorder = recordingPorts(ports, continuityEnabled, stableRefsOf(agent));
    const turnId = options.turnId?.(index) ?? `${sessionId}-t${index}`;
    const approval = options.approvals?.[index];
    const outcome = await runTurn(
      agent,
      state,
      {
        message,
        turnId,
        continuityEnabled,
        ...(approval ? { approval: { toolId: approval.tool_id, decision: approval.decision } } : {}),
      },
      recorder.ports,
    );
    const next = nextStartState(state.goal, outcome);
    turns.push({
      turnId,
      turnIndex: index,
      message,
      tape: {
        ...recorder.tape(),
        end: tapeEnd(next.profile, next.goal),
        ...(approval ? { approval } : {}),
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
