import type { FieldChange } from "@/lib/bundles/rule-field-diff";
import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";

/**
 * The settings a save changed, as the engine sees them (resolved, defaults filled in), keyed by
 * "section.key" ("enforcement.max_retries"). Storing a default explicitly changes no behaviour,
 * so it is no change here.
 */
export function diffSettings(before: AgentSettings, after: AgentSettings): Record<string, FieldChange> {
  const diff: Record<string, FieldChange> = {};
  for (const section of Object.keys(after) as (keyof AgentSettings)[]) {
    const old = before[section] as Record<string, unknown>;
    const now = after[section] as Record<string, unknown>;
    for (const key of Object.keys(now)) {
      if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) {
        diff[`${section}.${key}`] = { before: old[key], after: now[key] };
      }
    }
  }
  return diff;
}
