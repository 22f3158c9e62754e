import type { Attributes, AttributeValue } from "@opentelemetry/api";

const MAX_DEPTH = 4;
const MAX_JSON_CHARS = 4096;

/**
 * A stage's attributes (nested objects, arrays of records) as OpenTelemetry attribute values: nested
 * keys joined with dots under `prefix`, arrays of one primitive type kept as arrays, anything else
 * (arrays of objects, mixed arrays, objects past depth 4) as a JSON string; null and undefined left out.
 */
export function flattenAttributes(value: Record<string, unknown>, prefix: string, out: Attributes = {}): Attributes {
  walk(value, prefix, 0, out);
  return out;
}

function walk(value: unknown, key: string, depth: number, out: Attributes): void {
  if (value === null || value === undefined) return;
  const primitive = asPrimitive(value);
  if (primitive !== undefined) {
    out[key] = primitive;
    return;
  }
  if (Array.isArray(value)) {
    out[key] = homogeneousArray(value) ?? json(value);
    return;
  }
  if (typeof value === "object") {
    if (depth >= MAX_DEPTH) {
      out[key] = json(value);
      return;
    }
    for (const [child, inner] of Object.entries(value as Record<string, unknown>)) {
      walk(inner, `${key}.${child}`, depth + 1, out);
    }
  }
}

function asPrimitive(value: unknown): string | number | boolean | undefined {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  return undefined;
}

function homogeneousArray(values: unknown[]): AttributeValue | null {
  if (values.length === 0) return [] as string[];
  const kind = typeof values[0];
  if (kind !== "string" && kind !== "number" && kind !== "boolean") return null;
  if (!values.every((v) => typeof v === kind && (kind !== "number" || Number.isFinite(v)))) return null;
  return values as AttributeValue;
}

function json(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}…` : text;
}

/** Replaces every string (or string in an array) that contains one of `texts` with a marker. */
export function withoutTexts(attributes: Attributes, texts: string[]): Attributes {
  const needles = texts.filter((t) => t.trim().length >= 3);
  if (needles.length === 0) return attributes;
  const hides = (s: string) => needles.some((n) => s.includes(n) || (s.length >= 12 && n.includes(s)));
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === "string") out[key] = hides(value) ? "[customer text omitted]" : value;
    else if (Array.isArray(value) && value.some((v) => typeof v === "string" && hides(v)))
      out[key] = (value as unknown[]).map((v) =>
        typeof v === "string" && hides(v) ? "[customer text omitted]" : v,
      ) as AttributeValue;
    else out[key] = value;
  }
  return out;
}
