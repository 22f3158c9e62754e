"use server";

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { configuredToolHosts, toolHostStatus } from "@/lib/tools/server/tool-host-status";
import { CheckToolUrlInput } from "@/lib/tools/tool-action-schemas";

// The URL field's live host warning. Designer: it names this server's allowed hosts, which only the
// people who write http tools need to see.
export const checkToolUrlAction = defineAction(
  { name: "checkToolUrl", role: "designer", schema: CheckToolUrlInput },
  async (input, { db }) => {
    await requireAgent(db, input.agent_key);
    return toolHostStatus(input.url, configuredToolHosts());
  },
);
