import type { GoalAbortCode, GoalCriterion } from "../../contracts/goal-state";

// The five reformulation criteria and their abort codes (docs/goals.md), one constant per row. The threshold
// itself passes: confidence 0.9 and preservation 0.95 are accepted ("≥").

/** Confidence < 0.9 → DTL-STRAT-007. */
export const MIN_CONFIDENCE = 0.9;
/** Similarity < 0.95 → DTL-STRAT-008 (measured as the share of original tokens that map). */
export const MIN_INTENT_PRESERVATION = 0.95;
/** "≥ 1 supporting evidence"; none → DTL-STRAT-009. */
export const MIN_SUPPORTING_EVIDENCE = 1;
/** "Only narrowing": any breadth increase → DTL-STRAT-010. */
export const MAX_SCOPE_EXPANSIONS = 0;

/** The abort code of each criterion; reversibility has none (see README). */
export const CRITERION_CODE: Record<GoalCriterion, GoalAbortCode | null> = {
  confidence: "DTL-STRAT-007",
  intent_preservation: "DTL-STRAT-008",
  evidence_support: "DTL-STRAT-009",
  scope_reduction: "DTL-STRAT-010",
  reversibility: null,
};

/** "Not logged before execution": the ledger event could not be written → abort the run. */
export const LEDGER_ABORT_CODE: GoalAbortCode = "DTL-STRAT-011";
