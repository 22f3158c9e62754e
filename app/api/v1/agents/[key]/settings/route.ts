import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import { ConfigAgentParams, SettingsBody, SettingsWrittenBody } from "@/lib/config-as-code/config-kinds";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import { defineRoute } from "@/lib/server/define-route";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";

// GET /api/v1/agents/{key}/settings → {config_version, settings}: the keys set (the rest take defaults).
export const GET = defineRoute(
  { scope: "config:read", params: ConfigAgentParams, response: SettingsBody },
  async ({ db, params, reply }) => {
    const { agent, bundle } = await readAgentConfig(db, params.key);
    return reply(
      200,
      { config_version: agent.configVersion, settings: bundle.agent.settings },
      etagHeader(agent.configVersion),
    );
  },
);

// PUT /api/v1/agents/{key}/settings {settings} → {config_version, changed}: the settings editor's save.
export const PUT = defineRoute(
  { scope: "config:write", params: ConfigAgentParams, body: AgentSettingsInput, response: SettingsWrittenBody },
  async ({ db, params, body, reply, ...ctx }) => {
    const outcome = await updateAgentSettings(db, restChangeRequest(ctx, params.key, SAVE_POLICIES), body);
    return reply(200, outcome, etagHeader(outcome.config_version));
  },
);
