import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/types";
import { type DefinedAction, defineAction } from "@/lib/server/define-action";
import { type ConfigChangeRequest, configChangeRequest } from "../change-agent-config";
import type { SavePolicy } from "../save-policy";

/** What every editor save sends beside its entity: the agent, the version it loaded, a preview stamp. */
type SaveInput = Parameters<typeof configChangeRequest>[0];

/**
 * A designer's editor save as a server action: defineAction's checks, then `run` with the save's
 * ConfigChangeRequest (agent, loaded version, who, preview stamp, a forced test gate) and the save's
 * policies, which the action hands in (lib/boot/save-policies.ts).
 */
export function configChangeAction<S extends z.ZodType<SaveInput>, T>(
  config: { name: string; schema: S; policies: readonly SavePolicy[] },
  run: (db: Database, request: ConfigChangeRequest, input: z.infer<S>) => Promise<T>,
): DefinedAction<z.input<S>, T> {
  const { policies, ...action } = config;
  return defineAction({ ...action, role: "designer" }, (input, { db, actor, requestId, operator }) =>
    run(db, configChangeRequest(input, { actor, requestId, operator, policies }), input),
  );
}
