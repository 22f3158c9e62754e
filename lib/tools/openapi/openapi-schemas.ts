import { refuse } from "./openapi-issue";
import { isRecord, resolvedRecord } from "./openapi-refs";

// What the import reads of a JSON Schema: its type, and an object's top-level properties (allOf
// members merged). Nested schemas are never walked, so a schema that refers to itself costs nothing.

/** allOf inside allOf: 8 levels; deeper is a schema made of itself (A = allOf[A]), refused. */
const MAX_ALL_OF_DEPTH = 8;

export type SchemaType = "string" | "number" | "integer" | "boolean" | "object" | "array";
const TYPES: readonly SchemaType[] = ["string", "number", "integer", "boolean", "object", "array"];

/** The schema's type: the first non-null of 3.1's type lists; `properties` alone means an object; else string. */
export function schemaType(doc: unknown, schema: unknown, at: string): SchemaType {
  const resolved = resolvedRecord(doc, schema, at);
  if (!resolved) return "string";
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const type = types.find((t): t is SchemaType => TYPES.includes(t as SchemaType));
  if (type) return type;
  if (isRecord(resolved.properties) || Array.isArray(resolved.allOf)) return "object";
  return "string";
}

export interface ObjectShape {
  /** Property name → its schema and where it sits. */
  properties: Map<string, { schema: unknown; at: string }>;
  required: Set<string>;
}

/** The top-level properties of an object schema, allOf members included; null when it is not an object. */
export function objectShape(doc: unknown, schema: unknown, at: string, depth = 0): ObjectShape | null {
  if (depth > MAX_ALL_OF_DEPTH) {
    refuse(at, `allOf nests deeper than ${MAX_ALL_OF_DEPTH} levels: does the schema contain itself?`);
  }
  const resolved = resolvedRecord(doc, schema, at);
  if (!resolved || schemaType(doc, resolved, at) !== "object") return null;
  const shape: ObjectShape = { properties: new Map(), required: new Set() };
  if (Array.isArray(resolved.allOf)) {
    resolved.allOf.forEach((member, i) => {
      const part = objectShape(doc, member, `${at}.allOf[${i}]`, depth + 1);
      for (const [name, property] of part?.properties ?? []) shape.properties.set(name, property);
      for (const name of part?.required ?? []) shape.required.add(name);
    });
  }
  if (isRecord(resolved.properties)) {
    for (const [name, property] of Object.entries(resolved.properties)) {
      shape.properties.set(name, { schema: property, at: `${at}.properties.${name}` });
    }
  }
  if (Array.isArray(resolved.required)) {
    for (const name of resolved.required) if (typeof name === "string") shape.required.add(name);
  }
  return shape;
}
