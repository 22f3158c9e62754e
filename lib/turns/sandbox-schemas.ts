import { z } from "zod";
import { TurnMessage } from "./turn-view";

export const SubmitTurnInput = z.object({ sessionId: z.string().uuid(), message: TurnMessage });
export const StartSandboxSessionInput = z.object({ agentKey: z.string().min(1).max(64) });
