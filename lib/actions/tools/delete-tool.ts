"use server";

import { deleteTool } from "@/lib/server/agents/tools/delete-tool";
import { defineAction } from "@/lib/server/define-action";
import { ToolRefInput } from "@/lib/tools-editor/tool-action-schemas";

export const deleteToolAction = defineAction(
  { name: "deleteTool", role: "designer", schema: ToolRefInput },
  async (input, { db, actor, requestId }) =>
    deleteTool(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.tool_key,
    ),
);
