"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { ToolRefInput } from "@/lib/tools/tool-action-schemas";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const duplicateToolAction = configChangeAction(
  { name: "duplicateTool", schema: ToolRefInput, policies: SAVE_POLICIES },
  (db, request, input) => toolEntity.duplicate(db, request, input.tool_key),
);
