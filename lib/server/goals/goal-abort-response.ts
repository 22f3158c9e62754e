import "server-only";
import { type ErrorReply, errorResponse } from "../define-route";
import { loggableError } from "../loggable-error";
import { GoalLedgerAbortError } from "./goal-ledger";

/**
 * Runs a goal change; a ledger failure answers 503 with code DTL-STRAT-011 (not logged
 * before execution → abort; docs/decisions.md#ledger-before-execution). 503 because the request was fine and nothing
 * was applied: a retry may succeed once the database takes writes again.
 */
export async function withGoalAbortMapped<T>(requestId: string, run: () => Promise<T>): Promise<T | ErrorReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof GoalLedgerAbortError)) throw error;
    console.error(`[goals] request ${requestId}: ${error.message}`, loggableError(error.cause));
    return errorResponse(503, error.code, error.message, requestId);
  }
}
