import "server-only";
import { setAgentSettings } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import { AgentSettingsInput, resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { issuesFromZodError } from "@/lib/engine/contracts/bundle-issue";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import { AppError } from "@/lib/server/errors";
import type { SettingsChangeResult } from "@/lib/settings/settings-action-schemas";
import { diffSettings } from "@/lib/settings/settings-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "@/lib/versioning/server/change-agent-config";

const AT = "agent.settings.";

/**
 * Replaces the agent's stored settings (only the keys set; the rest take the defaults): checked
 * key by key with the bundle's schema, then the cross-field checks a bundle import runs (e.g. fatigue
 * critical_threshold ≤ max_fatigue). One new config version whose diff holds every value in force that
 * changed; a save that changes no value in force writes nothing.
 */
export async function updateAgentSettings(
  db: Database,
  request: ConfigChangeRequest,
  input: unknown,
): Promise<SettingsChangeResult> {
  const parsed = AgentSettingsInput.safeParse(input);
  if (!parsed.success) throw invalid(issuesFromZodError(parsed.error));
  const settings = parsed.data;
  const outcome = await changeAgentConfig<null>(db, request, async (tx, agent, bundle) => {
    const diff = diffSettings(resolveAgentSettings(bundle.agent.settings), resolveAgentSettings(settings));
    if (Object.keys(diff).length === 0) return { unchanged: null };
    const issues = validateBundleReferences({ ...bundle, agent: { ...bundle.agent, settings } })
      .filter((issue) => issue.path.startsWith(AT))
      .map((issue) => ({ path: issue.path.slice(AT.length), message: issue.message }));
    if (issues.length > 0) throw invalid(issues);
    await setAgentSettings(tx, agent.id, settings);
    return { entity: "settings", key: agent.key, action: "updated", diff, result: null };
  });
  return { config_version: outcome.config_version, changed: outcome.changed };
}

function invalid(issues: { path: string; message: string }[]): AppError {
  const n = issues.length;
  return new AppError(
    "VALIDATION",
    `${n} setting${n === 1 ? " needs" : "s need"} attention; nothing was saved.`,
    issues,
  );
}
