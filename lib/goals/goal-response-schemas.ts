import { z } from "zod";
import { GoalState, ReformulationVerdict } from "@/lib/engine/contracts/goal-state";

// Response bodies of the goal routes that are more than the engine's verdict: declared by the routes, drawn
// by lib/openapi/paths-goals.ts.

export const GoalReformulationResponse = ReformulationVerdict.extend({ ledger_event_id: z.string(), goal: GoalState });

export const RestoreGoalResponse = z.object({
  restored: z.boolean().describe("false: no reformulation was active; nothing changed, no event written"),
  ledger_event_id: z.string().nullable(),
  goal: GoalState,
});
