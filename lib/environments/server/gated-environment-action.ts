import "server-only";
import type { z } from "zod";
import type { AgentRow, Database } from "@/db/types";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import type { PinContext } from "./environment-history";
import type { PromotionForce } from "./promotion-gate";

/**
 * The server action of a designer's environment change that runs the conversation-test gate (a
 * promotion, the end of a split): on the input's agent, and past a blocking gate only with an admin's
 * `force_reason`.
 */
export function defineGatedEnvironmentAction<S extends z.ZodType<{ agent_key: string; force_reason?: string }>, T>(
  config: { name: string; schema: S },
  change: (db: Database, agent: AgentRow, input: z.infer<S>, force: PromotionForce, ctx: PinContext) => Promise<T>,
) {
  return defineAction({ ...config, role: "designer" }, async (input, { db, operator, actor, requestId }) => {
    const agent = await requireAgent(db, input.agent_key);
    const force = { reason: input.force_reason, admin: operator.role === "admin" };
    return change(db, agent, input, force, { actor, requestId });
  });
}
