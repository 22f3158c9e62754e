"use server";

import { defineAction } from "@/lib/server/define-action";
import { tryTool } from "@/lib/tools/server/try-tool";
import { TryToolInput } from "@/lib/tools/tool-action-schemas";

// Designer, not viewer: an http tool's try is a real outbound request from this server.
export const tryToolAction = defineAction(
  { name: "tryTool", role: "designer", schema: TryToolInput },
  async (input, { db }) => tryTool(db, input.agent_key, input.tool, input.inputs),
);
