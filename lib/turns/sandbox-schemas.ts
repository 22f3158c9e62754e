import { z } from "zod";

export const StartSandboxSessionInput = z.object({
  agentKey: z.string().min(1).max(64),
  /** The continuity choice to carry into the new session (null: follow the deployment and agent). */
  continuityEnabled: z.boolean().nullable().default(null),
});
