"use server";

import { getAgentByKey } from "@/db/queries/agents";
import { reachable } from "@/lib/server/access/agent-access";
import { defineAction } from "@/lib/server/define-action";
import { createSession } from "@/lib/server/engine-host/create-session";
import { sessionView } from "@/lib/server/engine-host/views";
import { AppError } from "@/lib/server/errors";
import { StartSandboxSessionInput } from "@/lib/turns/sandbox-schemas";

/** "New session": a fresh sandbox session with its own empty profile and the continuity choice carried over; the old one stays readable. */
export const startSandboxSessionAction = defineAction(
  { name: "startSandboxSession", role: "designer", schema: StartSandboxSessionInput },
  async (input, { db, operator }) => {
    const agent = reachable(await getAgentByKey(db, input.agentKey));
    if (!agent) throw new AppError("NOT_FOUND", `No agent with key ${input.agentKey}.`);
    const session = await createSession(db, {
      agent,
      channel: "sandbox",
      createdBy: operator.email,
      continuityEnabled: input.continuityEnabled ?? undefined,
    });
    return sessionView(db, session, agent);
  },
);
