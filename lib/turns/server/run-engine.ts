import "server-only";
import type { BudgetReached } from "@/lib/budgets/budget-periods";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { Span, TurnInput, TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { runCompiledTurn } from "@/lib/engine/pipeline/run-turn";
import { budgetHandoffOutcome, engineErrorOutcome, queuedOutcome } from "@/lib/engine/pipeline/turn-without-pipeline";
import type { EnginePorts } from "@/lib/engine/ports";
import { maskPii } from "@/lib/engine/stages/privacy/mask-pii";
import { loggableError } from "@/lib/server/loggable-error";
import type { StageEvent } from "@/lib/turns/turn-stream";
import type { StoredOutcome } from "./turn-settler";

/**
 * The pipeline for one attempt; while a person has the session, the queued outcome, and once a budget
 * whose action is `handoff` is spent, the budget's handoff (docs/budgets.md). An engine bug
 * must not lose the customer's message: the turn is then stored as an error. A message no pipeline
 * read is masked here, with the same vault, before it is stored.
 */
export async function runEngine(
  call: { requestId: string; attempt: number; onStage?: (stage: StageEvent) => void },
  run: {
    compiled: CompiledAgent;
    state: SessionState;
    turnInput: { message: string; turnId: string };
    queued: boolean;
    ports: EnginePorts;
    recorded: EnginePorts;
    engineInput: Omit<TurnInput, "message" | "turnId">;
    sessionId: string;
    budget: BudgetReached | null;
  },
): Promise<StoredOutcome> {
  const { compiled, state, turnInput } = run;
  const onStage = call.onStage ? stageListener(call.onStage, call.attempt) : undefined;
  const budgetHandoff = !run.queued && run.budget?.action === "handoff" ? budgetDetail(run.budget) : null;
  let ran: TurnOutcome | null = null;
  if (!run.queued && !budgetHandoff) {
    try {
      ran = await runCompiledTurn(compiled, state, { ...turnInput, ...run.engineInput }, run.recorded, { onStage });
    } catch (error) {
      console.error(
        `[hostTurn] engine failed on session ${run.sessionId}, request ${call.requestId}`,
        loggableError(error),
      );
    }
  }
  const message = ran?.message ?? maskPii(turnInput.message, compiled.snapshot.settings.privacy, run.ports.vault).text;
  if (ran) return { ...ran, message };
  const turn = { message, turnId: turnInput.turnId };
  const outcome = run.queued
    ? queuedOutcome(compiled, state, turn, run.ports)
    : budgetHandoff
      ? budgetHandoffOutcome(compiled, state, turn, run.ports, budgetHandoff)
      : engineErrorOutcome(compiled, state, turn, run.ports);
  return { ...outcome, message };
}

/** What a budget handoff tells the person: the period and the figures, never customer text. */
function budgetDetail(budget: BudgetReached): string {
  const period = budget.period === "day" ? "daily" : "monthly";
  return `${period} budget of $${budget.budget_usd} spent ($${budget.spent_usd.toFixed(2)})`;
}

/**
 * Stage events carry what the stage decided and when; attributes (extracted values, checks) stay in
 * the trace. After each event the turn yields to the event loop once: a turn whose ports answer
 * without I/O (the offline provider) would otherwise run to its end in one tick, and the socket would
 * only see its events together with the reply.
 */
function stageListener(onStage: (stage: StageEvent) => void, attempt: number) {
  return (span: Readonly<Span>) => {
    onStage({
      name: span.name,
      status: span.status,
      decision: span.decision,
      start_offset_ms: span.startOffsetMs,
      duration_ms: span.durationMs,
      attempt,
    });
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
}
