"use server";

import { getAgentByKey } from "@/db/queries/agents";
import { reachable } from "@/lib/server/access/agent-access";
import { configuredToolHosts, toolHostStatus } from "@/lib/server/agents/tools/tool-host-status";
import { defineAction } from "@/lib/server/define-action";
import { AppError } from "@/lib/server/errors";
import { CheckToolUrlInput } from "@/lib/tools/tool-action-schemas";

// The URL field's live host warning. Designer: it names this server's allowed hosts, which only the
// people who write http tools need to see.
export const checkToolUrlAction = defineAction(
  { name: "checkToolUrl", role: "designer", schema: CheckToolUrlInput },
  async (input, { db }) => {
    if (!reachable(await getAgentByKey(db, input.agent_key)))
      throw new AppError("NOT_FOUND", `No agent "${input.agent_key}".`);
    return toolHostStatus(input.url, configuredToolHosts());
  },
);
