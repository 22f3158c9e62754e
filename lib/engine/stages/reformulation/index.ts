// Goal reformulation guardrails (docs/goals.md): the stage's public API (see README.md).
export {
  emptyGoalState,
  GOAL_HISTORY_MAX,
  goalProvenance,
  originalGoalFromTurn,
  type RecordedCandidate,
  readGoalState,
  withCandidateRecorded,
  withOriginalRestored,
  withTurnGoal,
} from "./goal-state-transitions";
export { type IntentMapping, type ModelTokenPair, mapIntentTokens } from "./map-intent-tokens";
export { porterStem } from "./porter-stem";
export {
  CRITERION_CODE,
  LEDGER_ABORT_CODE,
  MAX_SCOPE_EXPANSIONS,
  MIN_CONFIDENCE,
  MIN_INTENT_PRESERVATION,
  MIN_SUPPORTING_EVIDENCE,
} from "./thresholds";
export { type ValidateReformulationInput, validateReformulation } from "./validate-reformulation";
