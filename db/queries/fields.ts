import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { profileFieldDefinitions, responseVariableDefinitions } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// The Fields & Variables editors' writes, one definition at a time (bundle import replaces them all:
// agent-config.ts), and the customer profile values that follow a renamed field.

type ProfileFieldColumns = Omit<
  typeof profileFieldDefinitions.$inferInsert,
  "id" | "agentId" | "createdAt" | "updatedAt"
>;
type VariableColumns = Omit<
  typeof responseVariableDefinitions.$inferInsert,
  "id" | "agentId" | "createdAt" | "updatedAt"
>;

/** The id of the agent's profile field with this name, or null. */
export async function profileFieldIdByName(db: DbOrTx, agentId: string, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: profileFieldDefinitions.id })
    .from(profileFieldDefinitions)
    .where(and(eq(profileFieldDefinitions.agentId, agentId), eq(profileFieldDefinitions.fieldName, name)));
  return row?.id ?? null;
}

export async function insertProfileFieldRow(db: DbOrTx, agentId: string, columns: ProfileFieldColumns): Promise<void> {
  await db.insert(profileFieldDefinitions).values({ agentId, ...columns });
}

export async function updateProfileFieldRow(db: DbOrTx, id: string, columns: ProfileFieldColumns): Promise<void> {
  await db
    .update(profileFieldDefinitions)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(profileFieldDefinitions.id, id));
}

export async function deleteProfileFieldRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(profileFieldDefinitions).where(eq(profileFieldDefinitions.id, id));
}

/** The id of the agent's response variable with this name, or null. */
export async function variableIdByName(db: DbOrTx, agentId: string, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: responseVariableDefinitions.id })
    .from(responseVariableDefinitions)
    .where(and(eq(responseVariableDefinitions.agentId, agentId), eq(responseVariableDefinitions.name, name)));
  return row?.id ?? null;
}

export async function insertVariableRow(db: DbOrTx, agentId: string, columns: VariableColumns): Promise<void> {
  await db.insert(responseVariableDefinitions).values({ agentId, ...columns });
}

export async function updateVariableRow(db: DbOrTx, id: string, columns: VariableColumns): Promise<void> {
  await db
    .update(responseVariableDefinitions)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(responseVariableDefinitions.id, id));
}

export async function deleteVariableRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(responseVariableDefinitions).where(eq(responseVariableDefinitions.id, id));
}

/**
 * Customer profiles keep their values under the field name, so a renamed field must carry them over
 * in the same transaction: otherwise every customer would seem to lack the field from the next turn
 * (the old values stay, unread). A value left under the new name by an earlier deleted field is replaced.
 */
export async function renameProfileValues(tx: Transaction, agentId: string, from: string, to: string) {
  await tx.execute(sql`
    update customer_profiles
    set fields = (fields - ${from}::text) || jsonb_build_object(${to}::text, fields -> ${from}::text),
        updated_at = now()
    where agent_id = ${agentId} and (fields -> ${from}::text) is not null`);
}
