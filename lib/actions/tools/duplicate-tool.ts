"use server";

import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { toolEntity } from "@/lib/server/agents/tools/tool-entity";
import { ToolRefInput } from "@/lib/tools/tool-action-schemas";

export const duplicateToolAction = configChangeAction(
  { name: "duplicateTool", schema: ToolRefInput },
  (db, request, input) => toolEntity.duplicate(db, request, input.tool_key),
);
