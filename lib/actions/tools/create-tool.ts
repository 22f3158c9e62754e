"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { CreateToolInput } from "@/lib/tools/tool-action-schemas";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createToolAction = configChangeAction(
  { name: "createTool", schema: CreateToolInput, policies: SAVE_POLICIES },
  (db, request, input) => toolEntity.create(db, request, input.tool),
);
