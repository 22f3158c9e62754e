"use server";

import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { duplicateTool } from "@/lib/server/agents/tools/duplicate-tool";
import { defineAction } from "@/lib/server/define-action";
import { ToolRefInput } from "@/lib/tools/tool-action-schemas";

export const duplicateToolAction = defineAction(
  { name: "duplicateTool", role: "designer", schema: ToolRefInput },
  async (input, { db, actor, requestId, operator }) =>
    duplicateTool(db, configChangeRequest(input, { actor, requestId, operator }), input.tool_key),
);
