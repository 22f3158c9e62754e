import { z } from "zod";
import { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import type { ModelPrice } from "@/lib/engine/contracts/pricing-settings";

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
  | { kind: "shares" }
  /** A list of `{ name, pattern }` objects (privacy patterns), typed one `name=pattern` a line. */
  | { kind: "patterns" }
  /** A record of tool key → `{ receives_real_values }`, typed as the comma list of keys that receive them. */
  | { kind: "tool_flags" }
  /** A record of model → its prices per million tokens, typed one `model = input / output / cached` a line. */
  | { kind: "prices" };

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
  if (field instanceof z.ZodRecord) {
    const value = field.valueType;
    return value instanceof z.ZodObject && "input_per_million" in value.shape
      ? { kind: "prices" }
      : { kind: "tool_flags" };
  }
  if (field instanceof z.ZodArray && field.element instanceof z.ZodObject) {
    return "pattern" in field.element.shape ? { kind: "patterns" } : { kind: "shares" };
  }
  return { kind: "list" };
}

/** A stored or default value as its input shows it. */
export function settingText(value: unknown): string | boolean {
  if (typeof value === "boolean") return value;
  if (value === null) return "";
  if (Array.isArray(value)) {
    const patterns = value.every((item) => item !== null && typeof item === "object" && "pattern" in item);
    return patterns && value.length > 0 ? value.map(listItemText).join("\n") : value.map(listItemText).join(", ");
  }
  if (typeof value === "object") {
    const prices = pricesText(value as Record<string, unknown>);
    if (prices !== null) return prices;
    const flags = Object.entries(value as Record<string, { receives_real_values?: boolean }>);
    return flags
      .filter(([, flag]) => flag.receives_real_values === true)
      .map(([key]) => key)
      .join(", ");
  }
  return String(value);
}

/** A price table as one `model = input / output[ / cached input]` a line; null when `value` is not one. */
function pricesText(value: Record<string, unknown>): string | null {
  const entries = Object.entries(value);
  const isPrice = (p: unknown): p is ModelPrice => p !== null && typeof p === "object" && "input_per_million" in p;
  if (entries.length === 0 || !entries.every(([, price]) => isPrice(price))) return null;
  return entries
    .map(([model, price]) => {
      const p = price as ModelPrice;
      const cached = p.cached_input_per_million === undefined ? "" : ` / ${p.cached_input_per_million}`;
      return `${model} = ${p.input_per_million} / ${p.output_per_million}${cached}`;
    })
    .join("\n");
}

/** `model = input / output[ / cached]` lines as a price table; null when a line is not that shape. */
function pricesFromText(text: string): Record<string, Record<string, number>> | null {
  const table: Record<string, Record<string, number>> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.lastIndexOf("=");
    const model = line.slice(0, at).trim();
    const numbers = line
      .slice(at + 1)
      .split("/")
      .map((n) => n.trim());
    const values = numbers.map(Number);
    if (at <= 0 || model === "" || numbers.length < 2 || numbers.length > 3) return null;
    if (numbers.some((n) => n === "") || values.some((v) => !Number.isFinite(v))) return null;
    const [input = 0, output = 0, cached] = values;
    table[model] = {
      input_per_million: input,
      output_per_million: output,
      ...(cached === undefined ? {} : { cached_input_per_million: cached }),
    };
  }
  return table;
}

function listItemText(item: unknown): string {
  if (item !== null && typeof item === "object" && "name" in item && "pattern" in item) {
    return `${String(item.name)}=${String(item.pattern)}`;
  }
  if (item !== null && typeof item === "object" && "outcome" in item && "share" in item) {
    return `${String(item.outcome)}=${String(item.share)}`;
  }
  return String(item);
}

const commaList = (text: string): string[] =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** One `name=pattern` a line as `{ name, pattern }`; null when a line has no `=`. */
function patternsFromText(text: string): { name: string; pattern: string }[] | null {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const patterns = lines.map((line) => {
    const at = line.indexOf("=");
    return at > 0 ? { name: line.slice(0, at).trim(), pattern: line.slice(at + 1).trim() } : null;
  });
  return patterns.every((p) => p !== null) ? patterns : null;
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
    } else if (kind.kind === "patterns") {
      value = patternsFromText(String(raw));
      if (value === null) {
        fieldErrors[path] = ["Write one name=pattern a line, e.g. order_ref=ORD-[0-9]{6}."];
        continue;
      }
    } else if (kind.kind === "prices") {
      value = pricesFromText(String(raw));
      if (value === null) {
        fieldErrors[path] = [
          "Write one model = input / output / cached input a line, in US dollars per million tokens, e.g. gpt-4o-mini = 0.15 / 0.6 / 0.075 (the cached price may be left out).",
        ];
        continue;
      }
    } else if (kind.kind === "tool_flags") {
      value = Object.fromEntries(commaList(String(raw)).map((key) => [key, { receives_real_values: true }]));
    } else if (kind.kind === "list") {
      value = commaList(String(raw));
    }
    settings[section] = { ...settings[section], [key]: value };
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, settings };
}
