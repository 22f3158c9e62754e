import { z } from "zod";
import { EntityKey, VariableName } from "./bundle-keys";
import { Name, TEXT_LIMITS as T, Text } from "./bundle-text";

/** A flat JSON-Schema object: the arguments the engine fills from variables of the same name. */
const ToolInputSchema = z.strictObject({
  type: z.literal("object").default("object"),
  properties: z
    .record(
      VariableName,
      z.strictObject({
        type: z.enum(["string", "number", "integer", "boolean"]),
        description: Text(T.listEntry).default(""),
      }),
    )
    .default({}),
  required: z.array(VariableName).default([]),
});

/** Output variable name → path into the result (grammar in tool-output-path.ts); values are `dyn` in CEL. */
const OutputVariables = z.record(VariableName, z.string().min(1).max(T.name)).default({});

const toolBase = {
  key: EntityKey,
  name: Name,
  description: Text(T.description).default(""),
  /** The turn pauses before calling it until an operator approves (docs/approvals.md); absent = false. */
  requires_approval: z.boolean().optional(),
};

/** A static tool returns `data` as is: for demos, tests and fixed catalogues. */
const BundleStaticTool = z.strictObject({
  ...toolBase,
  kind: z.literal("static"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({ data: z.json().default({}), variables: OutputVariables }).prefault({}),
});

export const HTTP_TOOL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// RFC 9110 §5.1 token characters; the headers the transport sets itself may not be replaced.
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "content-type"]);
export const HeaderName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "A header name: letters, digits and !#$%&'*+.^_`|~-")
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), "This header is set by Focal itself");

/** A header or query value with "{input}" placeholders: one line, so a filled header cannot start another. */
const LineTemplate = z
  .string()
  .max(T.url)
  .refine((value) => !/[\r\n]/.test(value), "Must be one line: no carriage return or line feed");

/**
 * An http tool calls `url` ("{input}" placeholders filled from its inputs, each an encoded path
 * segment) on an admin-allowed host (FOCAL_TOOL_HOSTS), with a timeout and a response-size cap
 * (docs/decisions.md#tool-output-is-data). `query` and `headers` are templates too; `body` is a JSON
 * template whose strings that are exactly "{input}" become the input's JSON value (docs/tools.md).
 * `credential` names one of the agent's credentials (never its value: docs/tools.md#credentials).
 */
const BundleHttpTool = z.strictObject({
  ...toolBase,
  kind: z.literal("http"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({
    url: z.url({ protocol: /^https?$/ }).max(T.url),
    method: z.enum(HTTP_TOOL_METHODS).default("GET"),
    credential: EntityKey.optional(),
    query: z.record(z.string().min(1).max(T.name), LineTemplate).optional(),
    headers: z.record(HeaderName, LineTemplate).optional(),
    body: z.json().optional(),
    // 100 ms … 30 s: a turn has a latency budget; 5 s is generous for an order lookup.
    timeout_ms: z.number().int().min(100).max(30_000).default(5000),
    // 64 KiB by default, 1 MiB at most: tool output is untrusted text that goes into a prompt.
    max_bytes: z.number().int().min(1).max(1_048_576).default(65_536),
    variables: OutputVariables,
  }),
});

/** An MCP tool's name on its server (the MCP spec's tool names: letters, digits, `_`, `-`, `.`, `/`). */
export const McpToolName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_./-]+$/, "An MCP tool name: letters, digits, '_', '-', '.' and '/'");

/**
 * An mcp tool calls `tool` on a streamable-HTTP MCP server (docs/tools.md#mcp-servers). A sync writes
 * it: `server` is the registration's name, and its `url` and `credential` name are copied here, so a
 * kept configuration version calls the server it was synced against. The inputs are the call's
 * arguments; output paths read the result's structured content, else its text parsed as JSON.
 */
const BundleMcpTool = z.strictObject({
  ...toolBase,
  kind: z.literal("mcp"),
  input_schema: ToolInputSchema.prefault({}),
  output: z.strictObject({
    server: EntityKey,
    url: z.url({ protocol: /^https?$/ }).max(T.url),
    tool: McpToolName,
    credential: EntityKey.optional(),
    timeout_ms: z.number().int().min(100).max(30_000).default(5000),
    max_bytes: z.number().int().min(1).max(1_048_576).default(65_536),
    variables: OutputVariables,
  }),
});

export const BundleTool = z.discriminatedUnion("kind", [BundleStaticTool, BundleHttpTool, BundleMcpTool]);

export type BundleTool = z.output<typeof BundleTool>;
