import { z } from "zod";
import { SessionEnvironment } from "@/lib/environments/environment-schemas";

export const StartSandboxSessionInput = z.object({
  agentKey: z.string().min(1).max(64),
  /** The continuity choice to carry into the new session (null: follow the deployment and agent). */
  continuityEnabled: z.boolean().nullable().default(null),
  /** Where the session runs (docs/environments.md): draft (the latest) unless another is chosen. */
  environment: SessionEnvironment.default("draft"),
});
