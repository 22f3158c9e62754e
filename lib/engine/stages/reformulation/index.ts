// Goal reformulation guardrails (docs/goals.md): the stage's public API (see README.md).
export {
  originalGoalFromTurn,
  readGoalState,
  withCandidateRecorded,
  withOriginalRestored,
  withTurnGoal,
} from "./goal-state-transitions";
export type { ModelTokenPair } from "./map-intent-tokens";
export { LEDGER_ABORT_CODE } from "./thresholds";
export { validateReformulation } from "./validate-reformulation";
