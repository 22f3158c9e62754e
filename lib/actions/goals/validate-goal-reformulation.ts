"use server";

import { validateReformulation } from "@/lib/engine/stages/reformulation";
import { ValidateGoalReformulationInput } from "@/lib/goals/goal-action-schemas";
import { defineAction } from "@/lib/server/define-action";

// The console's goal tester. Viewers may use it: it only computes a verdict and writes nothing.
export const validateGoalReformulationAction = defineAction(
  { name: "validateGoalReformulation", role: "viewer", schema: ValidateGoalReformulationInput },
  async (input) => validateReformulation(input),
);
