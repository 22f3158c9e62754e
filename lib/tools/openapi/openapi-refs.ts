import { refuse } from "./openapi-issue";

// Local `$ref`s (`#/components/schemas/Pet`), followed only as far as the import reads: a schema that
// refers to itself (a tree of categories) is never expanded, only its top level and its properties'
// types are read. A chain of refs that never reaches a value (A → B → A) is refused.

/** A `$ref` to a `$ref` to … : 32 hops is far beyond any real document. */
const MAX_REF_HOPS = 32;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** RFC 6901 pointer segments of a `#/a/b~1c` reference. */
function pointerSegments(ref: string): string[] {
  const pointer = ref.slice(1);
  if (pointer === "") return [];
  return pointer
    .split("/")
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~"));
}

function pointAt(doc: unknown, ref: string, at: string): unknown {
  if (ref !== "#" && !ref.startsWith("#/")) refuse(at, `$ref "${ref}" is not a JSON pointer into this document (#/…)`);
  let current: unknown = doc;
  for (const segment of pointerSegments(ref)) {
    current = isRecord(current) || Array.isArray(current) ? (current as Record<string, unknown>)[segment] : undefined;
    if (current === undefined) refuse(at, `$ref "${ref}" points at nothing in the document`);
  }
  return current;
}

/** `value` with its `$ref`s followed (inside the document only); `at` is where the value sits, for errors. */
function resolveRef(doc: unknown, value: unknown, at: string): unknown {
  let current = value;
  const seen: string[] = [];
  while (isRecord(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (!ref.startsWith("#")) refuse(`${at}.$ref`, `External $ref "${ref}" is never fetched`);
    if (seen.includes(ref)) {
      refuse(`${at}.$ref`, `Circular $ref: ${[...seen, ref].join(" → ")} never reaches a value`);
    }
    if (seen.length >= MAX_REF_HOPS) refuse(`${at}.$ref`, `More than ${MAX_REF_HOPS} $refs in a row`);
    seen.push(ref);
    current = pointAt(doc, ref, `${at}.$ref`);
  }
  return current;
}

/** The value as an object (after its refs), or null when it is none. */
export function resolvedRecord(doc: unknown, value: unknown, at: string): Record<string, unknown> | null {
  const resolved = resolveRef(doc, value, at);
  return isRecord(resolved) ? resolved : null;
}

export { isRecord };
