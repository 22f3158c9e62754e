"use server";

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { StartSandboxSessionInput } from "@/lib/turns/sandbox-schemas";
import { createSession } from "@/lib/turns/server/create-session";
import { sessionView } from "@/lib/turns/server/views";

/** "New session": a fresh sandbox session with its own empty profile and the continuity choice carried over; the old one stays readable. */
export const startSandboxSessionAction = defineAction(
  { name: "startSandboxSession", role: "designer", schema: StartSandboxSessionInput },
  async (input, { db, operator }) => {
    const agent = await requireAgent(db, input.agentKey);
    const session = await createSession(db, {
      agent,
      channel: "sandbox",
      createdBy: operator.email,
      continuityEnabled: input.continuityEnabled ?? undefined,
      environment: input.environment,
    });
    return sessionView(db, session, agent);
  },
);
