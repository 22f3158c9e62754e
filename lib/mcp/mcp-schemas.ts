import { z } from "zod";
import { ConfigReference } from "@/lib/bundles/config-references";
import { EntityKey, McpToolName, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

// An agent's MCP servers and their syncs over REST and in the console (docs/tools.md#mcp-servers):
// the bodies, the answers, and the sync's diff. No answer carries a credential's value.

/** The most tools a sync takes from one server; a server listing more is refused, not cut. */
export const MCP_MAX_TOOLS = 500;

export const CreateMcpServerBody = z.strictObject({
  name: EntityKey,
  /** A streamable-HTTP MCP endpoint on a host in FOCAL_TOOL_HOSTS. */
  url: z.url({ protocol: /^https?$/, error: "Enter an http or https URL" }).max(TEXT_LIMITS.url),
  /** One of the agent's credentials, applied to every request to the server. */
  credential: EntityKey.optional(),
});
export type CreateMcpServerBody = z.infer<typeof CreateMcpServerBody>;

export const McpServerBody = z.object({
  name: z.string(),
  url: z.string(),
  credential: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  /** Keys of the agent's tools imported from this server. */
  tools: z.array(z.string()),
});
export type McpServerBody = z.infer<typeof McpServerBody>;

export const McpServerList = z.object({ mcp_servers: z.array(McpServerBody) });

export const DeletedMcpServerBody = z.object({ deleted: z.string() });

export const SyncMcpServerBody = z.strictObject({
  /** The server's tool names to add, change or remove; absent: every one the diff names. */
  tools: z.array(McpToolName).max(MCP_MAX_TOOLS).optional(),
  /** true: list and diff only, nothing written. */
  dry_run: z.boolean().default(false),
  /** The config_version the diff was read at (the console's Apply); a moved-on version is a 409 CONFLICT. */
  expected_config_version: z.number().int().min(0).optional(),
});
export type SyncMcpServerBody = z.infer<typeof SyncMcpServerBody>;

const InputProperty = z.object({ type: z.string(), description: z.string() });
const SyncInputSchema = z.object({
  type: z.literal("object"),
  properties: z.record(z.string(), InputProperty),
  required: z.array(z.string()),
});

export const McpSyncItem = z.object({
  /** The tool's name on the server. */
  tool: z.string(),
  /** The Focal tool's key. */
  key: z.string(),
  /** Untrusted text from the server, control characters removed, cut to 2,000 characters: show it as plain text. */
  description: z.string(),
  input_schema: SyncInputSchema,
  /** change: what differs ("description", "input_schema", "url", "credential"). */
  fields: z.array(z.string()).optional(),
});
export type McpSyncItem = z.infer<typeof McpSyncItem>;

export const McpSyncDiff = z.object({
  server: z.string(),
  dry_run: z.boolean(),
  /** Whether this request changed the configuration (false for a dry run or an empty diff). */
  applied: z.boolean(),
  config_version: z.number().int(),
  add: z.array(McpSyncItem),
  change: z.array(McpSyncItem),
  remove: z.array(McpSyncItem),
  /** Gone from the server but attached to a rule or named by a test: kept, with what uses it. */
  kept_in_use: z.array(McpSyncItem.extend({ references: z.array(ConfigReference) })),
  /** Listed by the server but not importable (an input Focal cannot fill), with the reason. */
  unsupported: z.array(z.object({ tool: z.string(), reason: z.string() })),
});
export type McpSyncDiff = z.infer<typeof McpSyncDiff>;
