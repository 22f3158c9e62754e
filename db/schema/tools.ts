import { boolean, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

export const toolKind = pgEnum("tool_kind", ["http", "static", "mcp"]);

export const tools = pgTable(
  "tools",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    kind: toolKind("kind").notNull(),
    inputSchema: jsonb("input_schema").$type<Record<string, unknown>>().notNull().default({}),
    // static: { data } returned as is; http: { url, method, timeout_ms, max_bytes }; mcp: { server, url,
    // tool, credential?, timeout_ms, max_bytes } (docs/tools.md#mcp-servers); each may map
    // output paths to session variables ({ variables: { name: "path" } }).
    output: jsonb("output").$type<Record<string, unknown>>().notNull().default({}),
    // The turn pauses before calling it until an operator approves (docs/approvals.md).
    requiresApproval: boolean("requires_approval").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tools_agent_key_uq").on(t.agentId, t.key)],
);

export type ToolRow = typeof tools.$inferSelect;
