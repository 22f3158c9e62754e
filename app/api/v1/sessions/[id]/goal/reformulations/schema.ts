// Body of POST /api/v1/sessions/{id}/goal/reformulations: the candidate; the original is the session's.
export { ReformulationCandidate as ProposeReformulationBody } from "@/lib/engine/contracts/goal-state";
