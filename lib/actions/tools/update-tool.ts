"use server";

import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { toolEntity } from "@/lib/server/agents/tools/tool-entity";
import { UpdateToolInput } from "@/lib/tools/tool-action-schemas";

export const updateToolAction = configChangeAction(
  { name: "updateTool", schema: UpdateToolInput },
  (db, request, input) => toolEntity.update(db, request, input.tool_key, input.tool),
);
