"use server";

import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { toolEntity } from "@/lib/server/agents/tools/tool-entity";
import { CreateToolInput } from "@/lib/tools/tool-action-schemas";

export const createToolAction = configChangeAction(
  { name: "createTool", schema: CreateToolInput },
  (db, request, input) => toolEntity.create(db, request, input.tool),
);
