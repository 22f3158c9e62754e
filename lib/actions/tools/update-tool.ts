"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { UpdateToolInput } from "@/lib/tools/tool-action-schemas";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateToolAction = configChangeAction(
  { name: "updateTool", schema: UpdateToolInput, policies: SAVE_POLICIES },
  (db, request, input) => toolEntity.update(db, request, input.tool_key, input.tool),
);
