import { CEL_RESERVED_WORDS } from "@/lib/engine/cel/cel-environment";

// Names the import derives: tool keys from operationIds, input and output variable names from
// parameter and property names (CEL identifiers), credential names from security scheme names.

const MAX_KEY = 64;

/** "getPetById" → "get_pet_by_id", "X-Request-ID" → "x_request_id", "order-items" → "order_items". */
function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** A tool key (EntityKey: lower-case letters, digits, `_`, `-`, starting with a letter or digit). */
export function toolKeyOf(operationId: string | undefined, method: string, path: string): string {
  const base = snakeCase(operationId ?? `${method} ${path.replace(/[{}]/g, "")}`);
  return (base || method.toLowerCase()).slice(0, MAX_KEY).replace(/_+$/, "");
}

/** A CEL identifier for a parameter or property: snake_case, a letter first, not a reserved word. */
export function variableNameOf(name: string): string {
  let base = snakeCase(name) || "value";
  if (!/^[a-z]/.test(base)) base = `p_${base}`;
  if (CEL_RESERVED_WORDS.has(base)) base = `${base}_value`;
  return base.slice(0, MAX_KEY).replace(/_+$/, "");
}

/** A credential name (lower-case letters, digits, `_`, `-`) for a security scheme: "bearerAuth" → "bearer_auth". */
export function credentialNameOf(scheme: string): string {
  return (snakeCase(scheme) || "api_credential").slice(0, MAX_KEY).replace(/_+$/, "");
}
