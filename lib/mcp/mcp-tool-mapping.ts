import { sortedDeep } from "@/lib/bundles/canonical-order";
import { type BundleTool, TEXT_LIMITS, VariableName } from "@/lib/engine/contracts/bundle";

// A tool as an MCP server lists it, made a Focal `mcp` tool (docs/tools.md#mcp-servers). Everything
// the server sends is untrusted text: the description and the inputs' descriptions lose their
// control characters and are cut to the bundle's limits (2,000 and 500 characters); the console
// shows them as plain text, and the engine never puts a tool's description into a prompt (only the
// tool's name, which is the server's tool name and matches ^[A-Za-z0-9_./-]+$, beside its output as
// data: docs/decisions.md#tool-output-is-data). The inputs must be what Focal can fill: flat
// properties whose names are variable names and whose types are string, number, integer or boolean;
// a tool with another is reported as unsupported, with the reason, and not imported.

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface McpServerSource {
  name: string;
  url: string;
  credential: string | null;
}

export type McpTool = Extract<BundleTool, { kind: "mcp" }>;
type InputProperty = McpTool["input_schema"]["properties"][string];

const INPUT_TYPES = new Set(["string", "number", "integer", "boolean"]);

/** Control characters (tab and line feed aside) removed, then cut to `max` characters. */
export function untrustedText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "");
  return Array.from(cleaned).slice(0, max).join("").trim();
}

/** The Focal tool key a server's tool name becomes: lower-case, other characters as "_", at most 64. */
export function toolKeyOf(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, TEXT_LIMITS.key);
  return key || "tool";
}

function propertyOf(name: string, schema: unknown): InputProperty | string {
  if (!VariableName.safeParse(name).success)
    return `input "${name.slice(0, 64)}" is not a name Focal can fill (lower-case letters, digits and _)`;
  const property = schema && typeof schema === "object" ? (schema as Record<string, unknown>) : {};
  const types = (Array.isArray(property.type) ? property.type : [property.type]).filter((t) => t !== "null");
  const type = types.length === 1 ? types[0] : undefined;
  if (typeof type !== "string" || !INPUT_TYPES.has(type))
    return `input "${name}" is not a string, number, integer or boolean`;
  return {
    type: type as InputProperty["type"],
    description: untrustedText(property.description, TEXT_LIMITS.listEntry),
  };
}

/** The server's input schema as a Focal input schema, or why it cannot be one. */
function inputSchemaOf(schema: Record<string, unknown>): McpTool["input_schema"] | string {
  const raw = schema.properties && typeof schema.properties === "object" ? schema.properties : {};
  const properties: Record<string, InputProperty> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const property = propertyOf(name, value);
    if (typeof property === "string") return property;
    properties[name] = property;
  }
  const listed = Array.isArray(schema.required) ? schema.required : [];
  const required = listed.filter((name): name is string => typeof name === "string" && name in properties);
  return { type: "object", properties: Object.fromEntries(Object.entries(properties).sort()), required };
}

export type MappedTool = { ok: true; tool: McpTool } | { ok: false; tool: string; reason: string };

/** A listed tool as a new Focal tool of this server, or the reason it cannot be imported. */
export function mapListedTool(server: McpServerSource, listed: ListedTool): MappedTool {
  const input_schema = inputSchemaOf(listed.inputSchema);
  if (typeof input_schema === "string") return { ok: false, tool: listed.name, reason: input_schema };
  return {
    ok: true,
    tool: {
      key: toolKeyOf(listed.name),
      name: listed.name,
      description: untrustedText(listed.description, TEXT_LIMITS.description),
      kind: "mcp",
      input_schema,
      output: {
        server: server.name,
        url: server.url,
        tool: listed.name,
        ...(server.credential ? { credential: server.credential } : {}),
        timeout_ms: 5000,
        max_bytes: 65_536,
        variables: {},
      },
    },
  };
}

/** The fields a sync owns that differ between the stored tool and the server's: what "change" lists. */
export function changedFields(stored: McpTool, fresh: McpTool): string[] {
  const fields: string[] = [];
  if (stored.description !== fresh.description) fields.push("description");
  // Key order aside (jsonb keeps none): the same schema is no change.
  const schema = (tool: McpTool) => JSON.stringify(sortedDeep(tool.input_schema));
  if (schema(stored) !== schema(fresh)) fields.push("input_schema");
  if (stored.output.url !== fresh.output.url) fields.push("url");
  if ((stored.output.credential ?? null) !== (fresh.output.credential ?? null)) fields.push("credential");
  return fields;
}

/** The stored tool with what the server says now; the designer's key, name, approval, limits and variables stay. */
export function refreshedTool(stored: McpTool, fresh: McpTool): McpTool {
  const { credential: _old, ...output } = stored.output;
  return {
    ...stored,
    description: fresh.description,
    input_schema: fresh.input_schema,
    output: {
      ...output,
      url: fresh.output.url,
      ...(fresh.output.credential ? { credential: fresh.output.credential } : {}),
    },
  };
}
