"use server";

import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { createTool } from "@/lib/server/agents/tools/create-tool";
import { defineAction } from "@/lib/server/define-action";
import { CreateToolInput } from "@/lib/tools/tool-action-schemas";

export const createToolAction = defineAction(
  { name: "createTool", role: "designer", schema: CreateToolInput },
  async (input, { db, actor, requestId, operator }) =>
    createTool(db, configChangeRequest(input, { actor, requestId, operator }), input.tool),
);
