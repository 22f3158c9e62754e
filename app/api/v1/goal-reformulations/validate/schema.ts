// Body of POST /api/v1/goal-reformulations/validate: {original, reformulated, type, confidence, evidence}.
export { ValidateReformulationBody } from "@/lib/engine/contracts/goal-state";
