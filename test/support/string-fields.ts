import { z } from "zod";

// Where a schema takes text: every path to a string (or to a value of any type, which may be one) in
// its JSON Schema, so a test can put bad text in each field of each route and action.

export type FieldPath = (string | number)[];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  const?: unknown;
  enum?: unknown[];
};

// Recursive schemas (a scenario step inside a step) are followed this deep; deeper adds no new field.
const MAX_DEPTH = 8;

function isAny(node: JsonSchema): boolean {
  return (
    node.type === undefined &&
    !node.properties &&
    !node.items &&
    !node.prefixItems &&
    !node.anyOf &&
    !node.oneOf &&
    !node.allOf &&
    !node.$ref &&
    node.const === undefined &&
    node.enum === undefined
  );
}

function typesOf(node: JsonSchema): string[] {
  if (node.type === undefined) return [];
  return Array.isArray(node.type) ? node.type : [node.type];
}

/** Every path in `schema` that accepts a string or any value; record keys are filled in as "k". */
export function stringFieldPaths(schema: z.ZodType): FieldPath[] {
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref" }) as JsonSchema;
  const defs = root.$defs ?? {};
  const found = new Map<string, FieldPath>();
  const visit = (node: JsonSchema | boolean | undefined, path: FieldPath, depth: number) => {
    if (node === undefined || node === false || depth > MAX_DEPTH) return;
    if (node === true || isAny(node)) {
      found.set(JSON.stringify(path), path);
      return;
    }
    if (node.$ref) {
      const name = node.$ref.replace(/^#\/\$defs\//, "");
      visit(node.$ref === "#" ? root : defs[name], path, depth + 1);
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      visit(branch, path, depth);
    }
    const types = typesOf(node);
    if (types.includes("string") && node.const === undefined && node.enum === undefined) {
      found.set(JSON.stringify(path), path);
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, [...path, key], depth + 1);
    if (node.additionalProperties && typeof node.additionalProperties === "object") {
      visit(node.additionalProperties, [...path, "k"], depth + 1);
    }
    const tuple = Array.isArray(node.items) ? node.items : (node.prefixItems ?? []);
    for (const [i, item] of tuple.entries()) visit(item, [...path, i], depth + 1);
    if (node.items && !Array.isArray(node.items)) visit(node.items, [...path, 0], depth + 1);
  };
  visit(root, [], 0);
  return [...found.values()];
}

/** A copy of `base` with `value` at `path`, creating the objects and arrays on the way. */
export function withValueAt(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === "number"
      ? Array.isArray(base)
        ? [...base]
        : []
      : base !== null && typeof base === "object" && !Array.isArray(base)
        ? { ...(base as Record<string, unknown>) }
        : {};
  (container as Record<string | number, unknown>)[head] = withValueAt(
    (container as Record<string | number, unknown>)[head],
    rest,
    value,
  );
  return container;
}

/** A copy of `base` with one more key, `key`, in the object holding the field at `path` (else at the root). */
export function withKeyBeside(base: unknown, path: FieldPath, key: string): { body: unknown; at: FieldPath } {
  const last = path[path.length - 1];
  const at = [...(typeof last === "string" ? path.slice(0, -1) : []), key];
  return { body: withValueAt(base, at, "v"), at };
}
