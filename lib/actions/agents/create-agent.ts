"use server";

import { CreateAgentInput } from "@/lib/agents/agent-forms";
import { createAgent } from "@/lib/agents/server/create-agent";
import { defineAction } from "@/lib/server/define-action";

export const createAgentAction = defineAction(
  { name: "createAgent", role: "designer", schema: CreateAgentInput },
  (input, { db, actor, requestId }) => createAgent(db, input, actor, requestId),
);
