import { z } from "zod";
import { TurnMessage } from "./turn-view";

export const SubmitTurnInput = z.object({ sessionId: z.string().uuid(), message: TurnMessage });
export const StartSandboxSessionInput = z.object({
  agentKey: z.string().min(1).max(64),
  /** The continuity choice to carry into the new session (null: follow the deployment and agent). */
  continuityEnabled: z.boolean().nullable().default(null),
});
