import { pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id } from "./columns";

// An agent's MCP servers (docs/tools.md#mcp-servers): where a sync lists tools from. Like credentials
// and webhooks, a registration is not part of the configuration version: every tool a sync imports
// carries the server's name, URL and credential name in its own `output`, so a kept version (and the
// environment pinned to it) calls the server it was synced against, and a bundle holds no secret.
export const mcpServers = pgTable(
  "mcp_servers",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // A streamable-HTTP endpoint on a host in FOCAL_TOOL_HOSTS (stdio servers would start processes).
    url: text("url").notNull(),
    // The name of one of the agent's credentials, applied to every request to the server; never a value.
    credential: text("credential"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  // Also the index of the lookups: by agent, by agent and name.
  (t) => [unique("mcp_servers_agent_name_uq").on(t.agentId, t.name)],
);

export type McpServerRow = typeof mcpServers.$inferSelect;
