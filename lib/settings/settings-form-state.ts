import { z } from "zod";
import { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";

// The settings editor's state: only the keys this agent sets ("overrides"), keyed "section.key", as
// the inputs hold them (numbers and lists as typed text). A key without an override takes its
// default; "reset to default" removes the override.

export type SettingKind =
  | { kind: "boolean" }
  | { kind: "number"; min: number | null; max: number | null; integer: boolean; nullable?: boolean }
  | { kind: "enum"; options: readonly string[] }
  | { kind: "text" }
  | { kind: "list" }
  /** A list of `{ outcome, share }` objects (review sampling), typed as `fallback=1, answered=0.1`. */
  | { kind: "shares" };

export type SettingsOverrides = Record<string, string | boolean>;

/** The control a setting needs, read from the bundle's settings schema, so a new key gets one by itself. */
export function settingKind(section: string, key: string): SettingKind {
  const sectionSchema = (AgentSettingsInput.shape as Record<string, z.ZodOptional<z.ZodObject>>)[section]?.unwrap();
  const declared = (sectionSchema?.shape[key] as z.ZodOptional<z.ZodType> | undefined)?.unwrap();
  const nullable = declared instanceof z.ZodNullable;
  const field = declared instanceof z.ZodNullable ? (declared.unwrap() as z.ZodType) : declared;
  if (field instanceof z.ZodBoolean) return { kind: "boolean" };
  if (field instanceof z.ZodNumber) {
    const bound = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value);
    const number = {
      kind: "number",
      min: bound(field.minValue),
      max: bound(field.maxValue),
      integer: field.isInt,
    } as const;
    return nullable ? { ...number, nullable } : number;
  }
  if (field instanceof z.ZodEnum) return { kind: "enum", options: field.options as string[] };
  if (field instanceof z.ZodString) return { kind: "text" };
  if (field instanceof z.ZodArray && field.element instanceof z.ZodObject) return { kind: "shares" };
  return { kind: "list" };
}

/** A stored or default value as its input shows it. */
export function settingText(value: unknown): string | boolean {
  if (typeof value === "boolean") return value;
  if (value === null) return "";
  if (Array.isArray(value)) return value.map(listItemText).join(", ");
  return String(value);
}

function listItemText(item: unknown): string {
  if (item !== null && typeof item === "object" && "outcome" in item && "share" in item) {
    return `${String(item.outcome)}=${String(item.share)}`;
  }
  return String(item);
}

/** `fallback=1, answered=0.1` as `{ outcome, share }` objects; null when a pair is not `word=number`. */
function sharesFromText(text: string): { outcome: string; share: number }[] | null {
  const pairs = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const shares: { outcome: string; share: number }[] = [];
  for (const pair of pairs) {
    const [outcome = "", share = "", ...rest] = pair.split("=").map((part) => part.trim());
    const value = Number(share);
    if (rest.length > 0 || outcome === "" || share === "" || !Number.isFinite(value)) return null;
    shares.push({ outcome, share: value });
  }
  return shares;
}

export function overridesFromStored(stored: Record<string, unknown>): SettingsOverrides {
  const overrides: SettingsOverrides = {};
  for (const [section, values] of Object.entries(stored)) {
    if (values === null || typeof values !== "object") continue;
    for (const [key, value] of Object.entries(values)) overrides[`${section}.${key}`] = settingText(value);
  }
  return overrides;
}

export type SettingsFromOverrides =
  | { ok: true; settings: Record<string, Record<string, unknown>> }
  | { ok: false; fieldErrors: Record<string, string[]> };

/** The overrides as settings input; text that is not a number where one is needed is named here. */
export function settingsFromOverrides(overrides: SettingsOverrides): SettingsFromOverrides {
  const settings: Record<string, Record<string, unknown>> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, raw] of Object.entries(overrides)) {
    const [section = "", key = ""] = path.split(".");
    const kind = settingKind(section, key);
    let value: unknown = raw;
    if (kind.kind === "number") {
      const text = String(raw).trim();
      value = kind.nullable && text === "" ? null : Number(text);
      if ((text === "" && !kind.nullable) || (value !== null && !Number.isFinite(value))) {
        fieldErrors[path] = ["Enter a number."];
        continue;
      }
    } else if (kind.kind === "shares") {
      value = sharesFromText(String(raw));
      if (value === null) {
        fieldErrors[path] = ["Write outcome=share pairs, e.g. fallback=1, answered=0.1."];
        continue;
      }
    } else if (kind.kind === "list") {
      value = String(raw)
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    }
    settings[section] = { ...settings[section], [key]: value };
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, settings };
}
