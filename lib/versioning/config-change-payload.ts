import { z } from "zod";
import { ImpactPreviewCounts } from "./agent-at-version";

// The payload of a CONFIG_CHANGED ledger event: one editor save of one entity of an agent. Written by
// lib/versioning/server/change-agent-config.ts, read back by the conflict message and the agent's history page. Field values are
// configuration (rule texts, keys, numbers), never customer data, so before/after are kept.

export const ConfigEntity = z.enum([
  "rule",
  "scenario",
  "tool",
  "profile_field",
  "variable",
  "knowledge_source",
  "settings",
]);
export type ConfigEntity = z.infer<typeof ConfigEntity>;

// "imported": several entities of one kind added by one change (tools from an OpenAPI document); `key`
// lists their keys, `diff` their fields as "<key>.<field>".
const ConfigChangeAction = z.enum(["created", "updated", "deleted", "duplicated", "enabled", "disabled", "imported"]);

const FieldChange = z.object({ before: z.unknown(), after: z.unknown() });

export const ConfigChangedPayload = z.looseObject({
  agent_key: z.string(),
  entity: ConfigEntity,
  key: z.string(),
  action: ConfigChangeAction,
  config_version_before: z.number().int(),
  config_version_after: z.number().int(),
  /** Field name → before/after, only the fields that changed (all of them for created/deleted). */
  diff: z.record(z.string(), FieldChange),
  /** duplicated: the key that was copied. */
  source_key: z.string().optional(),
  /** updated with a new key: the key it had. */
  previous_key: z.string().optional(),
  /** What the impact preview of exactly this draft measured before the save (signed by the server). */
  impact_preview: ImpactPreviewCounts.optional(),
  /** The conversation-test gate on this save: the suite on the draft, cases it turned red, a forced save's reason. */
  tests_gate: z
    .object({
      mode: z.enum(["warn", "block"]),
      cases: z.number().int(),
      turned_red: z.array(z.string()),
      forced: z.boolean(),
      reason: z.string().optional(),
      /** A designer's forced save: kept in draft, production held at the version it served. */
      into_draft: z.boolean().optional(),
    })
    .optional(),
});
export type ConfigChangedPayload = z.infer<typeof ConfigChangedPayload>;

/** The part of a BUNDLE_IMPORTED payload the history needs (import-bundle.ts writes it). */
export const BundleImportedPayload = z.looseObject({
  agent_key: z.string(),
  config_version: z.number().int(),
  previous_config_version: z.number().int().nullable(),
  created: z.boolean(),
  diff: z
    .record(
      z.string(),
      z.union([
        z.array(z.string()),
        z.object({
          added: z.array(z.string()),
          removed: z.array(z.string()),
          changed: z.record(z.string(), z.array(z.string())),
        }),
      ]),
    )
    .nullable(),
});
export type BundleImportedPayload = z.infer<typeof BundleImportedPayload>;

const ENTITY_WORDS: Record<ConfigEntity, string> = {
  rule: "rule",
  scenario: "scenario",
  tool: "tool",
  profile_field: "profile field",
  variable: "response variable",
  knowledge_source: "knowledge source",
  settings: "settings",
};

export interface ConfigEventSummary {
  /** The config_version the event produced; null when the payload is not one we can read. */
  version: number | null;
  /** "updated rule max-refund", "imported a bundle". */
  summary: string;
}

/** One line for a configuration event, for the conflict message and the history page. */
export function summarizeConfigEvent(type: string, payload: unknown): ConfigEventSummary {
  if (type === "CONFIG_CHANGED") {
    const parsed = ConfigChangedPayload.safeParse(payload);
    if (!parsed.success) return { version: null, summary: "changed the configuration" };
    const { action, entity, key, source_key, previous_key, diff } = parsed.data;
    if (entity === "settings") {
      // Settings belong to the agent itself: name what changed rather than the agent's key. Three names
      // keep the line short; the history shows the rest.
      const names = Object.keys(diff);
      const more = names.length > 3 ? ` and ${names.length - 3} more` : "";
      return {
        version: parsed.data.config_version_after,
        summary: `${action} settings ${names.slice(0, 3).join(", ")}${more}`,
      };
    }
    const what = `${ENTITY_WORDS[entity]} ${key}`;
    if (action === "imported")
      return { version: parsed.data.config_version_after, summary: `imported ${ENTITY_WORDS[entity]}s ${key}` };
    const summary =
      action === "duplicated" && source_key
        ? `duplicated ${ENTITY_WORDS[entity]} ${source_key} as ${key}`
        : previous_key && previous_key !== key
          ? `${action} ${ENTITY_WORDS[entity]} ${previous_key} (now ${key})`
          : `${action} ${what}`;
    return { version: parsed.data.config_version_after, summary };
  }
  if (type === "BUNDLE_IMPORTED") {
    const parsed = BundleImportedPayload.safeParse(payload);
    if (!parsed.success) return { version: null, summary: "imported a bundle" };
    return {
      version: parsed.data.config_version,
      summary: parsed.data.created ? "created the agent from a bundle" : "imported a bundle over the configuration",
    };
  }
  return { version: null, summary: type.toLowerCase().replaceAll("_", " ") };
}
