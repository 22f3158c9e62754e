import "server-only";
import { and, eq } from "drizzle-orm";
import { tools } from "../schema";
import type { DbOrTx } from "../types";

// The tool editor's writes, one tool at a time (bundle import replaces them all: agent-config.ts).

type ToolColumns = Omit<typeof tools.$inferInsert, "id" | "agentId" | "createdAt" | "updatedAt">;

/** The id of the agent's tool with this key, or null. */
export async function toolIdByKey(db: DbOrTx, agentId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.agentId, agentId), eq(tools.key, key)));
  return row?.id ?? null;
}

export async function insertToolRow(db: DbOrTx, agentId: string, columns: ToolColumns): Promise<void> {
  await db.insert(tools).values({ agentId, ...columns });
}

export async function updateToolRow(db: DbOrTx, id: string, columns: ToolColumns): Promise<void> {
  await db
    .update(tools)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(tools.id, id));
}

export async function deleteToolRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(tools).where(eq(tools.id, id));
}
