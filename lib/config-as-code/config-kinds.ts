import { z } from "zod";
import { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import {
  BundleProfileField,
  BundleRule,
  BundleScenario,
  BundleTool,
  BundleVariable,
} from "@/lib/engine/contracts/bundle";

// The configuration entities REST reads and writes one by one (docs/config-as-code.md): per kind its
// URL segment, its CONFIG_CHANGED entity name, its list in a bundle and the bundle's schema, so a
// bundle's entity can be PUT as it is and every answer names the entity as the ledger does.

export const CONFIG_KINDS = {
  rules: { entity: "rule", list: "rules", schema: BundleRule },
  scenarios: { entity: "scenario", list: "scenarios", schema: BundleScenario },
  tools: { entity: "tool", list: "tools", schema: BundleTool },
  "profile-fields": { entity: "profile_field", list: "profile_fields", schema: BundleProfileField },
  variables: { entity: "variable", list: "variables", schema: BundleVariable },
} as const;
export type ConfigKind = keyof typeof CONFIG_KINDS;
export const CONFIG_KIND_NAMES = Object.keys(CONFIG_KINDS) as ConfigKind[];

// Path parameters: a key no entity can have names none, so the wrapper answers 404.
export const ConfigAgentParams = z.object({ key: z.string().min(1).max(64) });
export const ConfigEntityParams = z.object({ key: z.string().min(1).max(64), entity_key: z.string().min(1).max(64) });

const ConfigVersion = z.number().int().min(1);

/**
 * The bodies one kind answers with: its list, one entity, a write, a delete. Their keys depend on the
 * kind, so they are typed as plain schemas; every answer is still parsed against them outside production.
 */
export function configKindBodies(kind: ConfigKind): Record<"list" | "one" | "written" | "deleted", z.ZodType> {
  const { entity, list, schema } = CONFIG_KINDS[kind];
  return {
    list: z.object({ config_version: ConfigVersion, [list]: z.array(schema) }),
    one: z.object({ config_version: ConfigVersion, [entity]: schema }),
    /** `changed` false: the body equals what is stored, nothing was written and the version stayed. */
    written: z.object({ config_version: ConfigVersion, changed: z.boolean(), [entity]: schema }),
    deleted: z.object({ config_version: ConfigVersion, changed: z.literal(true), deleted: z.string() }),
  };
}

export const SettingsBody = z.object({ config_version: ConfigVersion, settings: AgentSettingsInput });
export const SettingsWrittenBody = z.object({ config_version: ConfigVersion, changed: z.boolean() });

/**
 * `If-Match: "7"` (or `7`, `W/"7"`): the config_version the write expects; `*` or no header: any.
 * Null: a value that names no version.
 */
export function parseIfMatch(header: string | null): { expected: number | null } | null {
  if (header === null || header.trim() === "*") return { expected: null };
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  return match ? { expected: Number(match[1]) } : null;
}

/** The ETag of an answer at this config_version: a strong entity tag, quoted as HTTP writes them. */
export const configETag = (version: number) => `"${version}"`;
