"use server";

import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateAgentSettings } from "@/lib/server/agents/settings/update-agent-settings";
import { defineAction } from "@/lib/server/define-action";
import { UpdateAgentSettingsInput } from "@/lib/settings/settings-action-schemas";

export const updateAgentSettingsAction = defineAction(
  { name: "updateAgentSettings", role: "designer", schema: UpdateAgentSettingsInput },
  async (input, { db, actor, requestId, operator }) =>
    updateAgentSettings(db, configChangeRequest(input, { actor, requestId, operator }), input.settings),
);
