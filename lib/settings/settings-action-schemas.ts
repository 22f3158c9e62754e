import { z } from "zod";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";

// Client-safe input of the settings editor's action. `settings` holds only the keys the designer set
// (the rest take their defaults); it is checked against AgentSettingsInput — the schema bundles
// use — in the handler, so each error lands at its own "section.key" rather than at "settings".
export const UpdateAgentSettingsInput = z.strictObject({
  ...AgentAtVersion,
  settings: z.record(z.string(), z.unknown()),
});
export type UpdateAgentSettingsInput = z.input<typeof UpdateAgentSettingsInput>;

export interface SettingsChangeResult {
  config_version: number;
  changed: boolean;
}
