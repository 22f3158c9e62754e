"use server";

import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateTool } from "@/lib/server/agents/tools/update-tool";
import { defineAction } from "@/lib/server/define-action";
import { UpdateToolInput } from "@/lib/tools/tool-action-schemas";

export const updateToolAction = defineAction(
  { name: "updateTool", role: "designer", schema: UpdateToolInput },
  async (input, { db, actor, requestId, operator }) =>
    updateTool(db, configChangeRequest(input, { actor, requestId, operator }), input.tool_key, input.tool),
);
