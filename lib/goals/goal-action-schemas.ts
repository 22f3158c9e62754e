import { z } from "zod";

// Client-safe inputs of the goal server actions (the sandbox button and the tester share them).
export { ValidateReformulationBody as ValidateGoalReformulationInput } from "@/lib/engine/contracts/goal-state";
export const RestoreGoalInput = z.object({ sessionId: z.string().uuid() });
