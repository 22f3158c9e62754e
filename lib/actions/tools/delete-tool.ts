"use server";

import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { deleteTool } from "@/lib/server/agents/tools/delete-tool";
import { defineAction } from "@/lib/server/define-action";
import { ToolRefInput } from "@/lib/tools/tool-action-schemas";

export const deleteToolAction = defineAction(
  { name: "deleteTool", role: "designer", schema: ToolRefInput },
  async (input, { db, actor, requestId, operator }) =>
    deleteTool(db, configChangeRequest(input, { actor, requestId, operator }), input.tool_key),
);
