"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { defineAction } from "@/lib/server/define-action";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { UpdateAgentSettingsInput } from "@/lib/settings/settings-action-schemas";
import { configChangeRequest } from "@/lib/versioning/server/change-agent-config";

export const updateAgentSettingsAction = defineAction(
  { name: "updateAgentSettings", role: "designer", schema: UpdateAgentSettingsInput },
  async (input, { db, actor, requestId, operator }) =>
    updateAgentSettings(
      db,
      configChangeRequest(input, { actor, requestId, operator, policies: SAVE_POLICIES }),
      input.settings,
    ),
);
