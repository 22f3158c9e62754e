"use server";

import { updateAgentSettings } from "@/lib/server/agents/settings/update-agent-settings";
import { defineAction } from "@/lib/server/define-action";
import { UpdateAgentSettingsInput } from "@/lib/settings/settings-action-schemas";

export const updateAgentSettingsAction = defineAction(
  { name: "updateAgentSettings", role: "designer", schema: UpdateAgentSettingsInput },
  async (input, { db, actor, requestId }) =>
    updateAgentSettings(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.settings,
    ),
);
