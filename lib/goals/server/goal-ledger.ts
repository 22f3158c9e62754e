import "server-only";
import { createHash } from "node:crypto";
import type { Transaction } from "@/db/types";
import type {
  GoalCandidateRecord,
  GoalState,
  ReformulationCandidate,
  ReformulationVerdict,
} from "@/lib/engine/contracts/goal-state";
import { LEDGER_ABORT_CODE } from "@/lib/engine/stages/reformulation";
import { AppError } from "@/lib/server/errors";
import {
  type AppendedLedgerEvent,
  appendLedgerEvent,
  type LedgerAppend,
} from "@/lib/server/ledger/append-ledger-event";

// The reformulation criteria ask for a GOAL_REFORMULATION payload of "original, reformulated, confidence,
// evidence_ids". Ledger payloads hold no customer text (docs/decisions.md#ledger-payloads-hold-no-customer-text)
// (sessions can be deleted under a retention policy without breaking the chain), so the two texts are recorded as
// SHA-256 and length: the event still pins exactly which texts were decided on, and the texts themselves
// live in the session's goal state (sessions.goal), deleted with the session.

/**
 * "Not logged before execution → Abort entire run" (docs/goals.md#ledger-before-execution): nothing of the change was
 * applied. Routes answer it 503 with code DTL-STRAT-011: the request was fine and nothing was applied, so a
 * retry may succeed once the database takes writes again.
 */
export class GoalLedgerAbortError extends AppError {
  constructor(
    readonly eventType: LedgerAppend["type"],
    cause: unknown,
  ) {
    super(
      "DTL-STRAT-011",
      `${LEDGER_ABORT_CODE}: the ${eventType} ledger event could not be written, so nothing was applied and the session keeps its goal. Retry when the database accepts writes again.`,
    );
    this.cause = cause;
    this.name = "GoalLedgerAbortError";
  }
}

/** Appends the event in the caller's transaction; a failure becomes DTL-STRAT-011 and rolls the transaction back. */
export async function appendGoalEvent(tx: Transaction, entry: LedgerAppend): Promise<AppendedLedgerEvent> {
  try {
    return await appendLedgerEvent(tx, entry);
  } catch (error) {
    throw new GoalLedgerAbortError(entry.type, error);
  }
}

function digest(text: string) {
  return { sha256: createHash("sha256").update(text, "utf8").digest("hex"), length: text.length };
}

export function reformulationPayload(input: {
  sessionId: string;
  turnIndex: number;
  original: string;
  candidate: ReformulationCandidate;
  verdict: ReformulationVerdict;
  source: GoalCandidateRecord["source"];
}): Record<string, unknown> {
  const { candidate, verdict } = input;
  const original = digest(input.original);
  const reformulated = digest(candidate.reformulated);
  return {
    session_id: input.sessionId,
    turn_index: input.turnIndex,
    original_sha256: original.sha256,
    original_length: original.length,
    reformulated_sha256: reformulated.sha256,
    reformulated_length: reformulated.length,
    type: candidate.type,
    detected_type: verdict.detected_type,
    confidence: candidate.confidence,
    intent_preservation: verdict.intent_preservation,
    evidence_ids: candidate.evidence.map((e) => e.id),
    source: input.source,
    ...(verdict.accepted
      ? {}
      : { code: verdict.code, failed_criteria: verdict.failed_criteria.map((c) => c.criterion) }),
  };
}

export function restorePayload(sessionId: string, turnIndex: number, goal: GoalState): Record<string, unknown> {
  const active = goal.active_reformulation;
  return {
    session_id: sessionId,
    turn_index: turnIndex,
    original_sha256: goal.original ? digest(goal.original.text).sha256 : null,
    discarded_reformulation_sha256: active ? digest(active.text).sha256 : null,
    discarded_ledger_event_id: active?.ledger_event_id ?? null,
  };
}
