"use server";

import { createTool } from "@/lib/server/agents/tools/create-tool";
import { defineAction } from "@/lib/server/define-action";
import { CreateToolInput } from "@/lib/tools-editor/tool-action-schemas";

export const createToolAction = defineAction(
  { name: "createTool", role: "designer", schema: CreateToolInput },
  async (input, { db, actor, requestId }) =>
    createTool(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.tool,
    ),
);
