import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { mcpServers } from "../schema";
import type { DbOrTx, McpServerRow, Transaction } from "../types";

// An agent's MCP servers (db/schema/mcp-servers.ts), by name.

export function listMcpServerRows(db: DbOrTx, agentId: string): Promise<McpServerRow[]> {
  return db.select().from(mcpServers).where(eq(mcpServers.agentId, agentId)).orderBy(asc(mcpServers.name));
}

/** One server by name, locked for update in a transaction when asked. */
export async function mcpServerRow(
  db: DbOrTx,
  agentId: string,
  name: string,
  lock = false,
): Promise<McpServerRow | null> {
  const query = db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.agentId, agentId), eq(mcpServers.name, name)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The new row, or null when the agent has a server of that name already. */
export async function insertMcpServerRow(
  tx: Transaction,
  row: Pick<McpServerRow, "agentId" | "name" | "url" | "credential" | "createdBy">,
): Promise<McpServerRow | null> {
  const [written] = await tx.insert(mcpServers).values(row).onConflictDoNothing().returning();
  return written ?? null;
}

export async function deleteMcpServerRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(mcpServers).where(eq(mcpServers.id, id));
}
