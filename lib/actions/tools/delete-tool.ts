"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { ToolRefInput } from "@/lib/tools/tool-action-schemas";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteToolAction = configChangeAction(
  { name: "deleteTool", schema: ToolRefInput, policies: SAVE_POLICIES },
  (db, request, input) => toolEntity.delete(db, request, input.tool_key),
);
