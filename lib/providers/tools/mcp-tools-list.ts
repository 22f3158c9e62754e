import { type McpCredential, type McpLimits, withMcpClient } from "./mcp-client";
import { ToolFailure } from "./tool-failure";

// A server's tools for a sync (docs/tools.md#mcp-servers), page after page under one deadline and
// one size cap. More than `maxTools` is refused rather than cut: a sync that silently imported the
// first 500 of 10,000 would be a diff nobody can review.

/** One tool as the server lists it; every field is untrusted text (lib/mcp/mcp-tool-mapping.ts). */
export interface ListedMcpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export class TooManyMcpToolsError extends ToolFailure {
  constructor(readonly maxTools: number) {
    super("too_large", `the MCP server lists more than ${maxTools} tools`);
  }
}

export async function listMcpTools(
  url: string,
  credential: McpCredential | null,
  limits: McpLimits & { maxTools: number },
): Promise<ListedMcpTool[]> {
  return withMcpClient(url, credential, limits, async (client, signal) => {
    const tools: ListedMcpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { signal, timeout: limits.timeoutMs });
      for (const tool of page.tools) {
        tools.push({
          name: tool.name,
          ...(tool.title ? { title: tool.title } : {}),
          ...(tool.description ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema as Record<string, unknown>,
        });
      }
      if (tools.length > limits.maxTools) throw new TooManyMcpToolsError(limits.maxTools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  });
}
