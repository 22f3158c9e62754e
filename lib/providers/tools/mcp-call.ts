import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import { type McpCredential, type McpLimits, withMcpClient } from "./mcp-client";
import { ToolFailure } from "./tool-failure";

// An mcp tool's call (docs/tools.md#mcp-servers): `tools/call` with the tool's declared inputs as its
// arguments. The output is the result's structured content when it has one, else its text content
// parsed as JSON, else that text: output paths read it like an http tool's JSON body. A result the
// server marks `isError` is the typed tool error `error` (its text, cut to 500 characters, as the
// message), so a scenario branches on it as on an http tool's failure.

const ERROR_TEXT_LIMIT = 500;

interface CallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  [field: string]: unknown;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter((part): part is { type: "text"; text: string } => part?.type === "text" && typeof part.text === "string")
    .map((part) => part.text)
    .join("\n");
}

/** The value output paths read: structured content, else the text as JSON, else the text itself. */
export function mcpOutputOf(result: CallResult): unknown {
  const structured = result.structuredContent;
  if (structured && typeof structured === "object") return structured;
  const text = textOf(result.content);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Only the declared inputs are arguments: output paths' placeholders are read for the paths alone. */
function argumentsOf(tool: EngineTool, input: Record<string, unknown>): Record<string, unknown> {
  const properties = tool.inputSchema.properties;
  const declared = properties && typeof properties === "object" ? Object.keys(properties) : [];
  return Object.fromEntries(declared.filter((name) => input[name] !== undefined).map((name) => [name, input[name]]));
}

export async function callMcpTool(
  tool: EngineTool,
  input: Record<string, unknown>,
  credential: McpCredential | null,
  limits: McpLimits,
): Promise<unknown> {
  const { url, tool: name } = tool.output;
  if (typeof url !== "string" || typeof name !== "string")
    throw new ToolFailure("error", `tool ${tool.key} names no MCP server URL or tool`);
  const result: CallResult = await withMcpClient(url, credential, limits, (client, signal) =>
    client.callTool({ name, arguments: argumentsOf(tool, input) }, undefined, { signal, timeout: limits.timeoutMs }),
  );
  if (result.isError === true) {
    const text = textOf(result.content).slice(0, ERROR_TEXT_LIMIT);
    throw new ToolFailure("error", `the MCP tool ${name} failed${text ? `: ${text}` : ""}`);
  }
  return mcpOutputOf(result);
}
