import "server-only";
import { and, eq } from "drizzle-orm";
import { rules } from "../schema";
import type { DbOrTx } from "../types";

// The rule editor's writes, one rule at a time (bundle import replaces them all: agent-config.ts).

type RuleColumns = Omit<typeof rules.$inferInsert, "id" | "agentId" | "createdAt" | "updatedAt">;

/** The id of the agent's rule with this key, or null. */
export async function ruleIdByKey(db: DbOrTx, agentId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.agentId, agentId), eq(rules.key, key)));
  return row?.id ?? null;
}

export async function insertRuleRow(db: DbOrTx, agentId: string, columns: RuleColumns): Promise<void> {
  await db.insert(rules).values({ agentId, ...columns });
}

export async function updateRuleRow(db: DbOrTx, id: string, columns: Partial<RuleColumns>): Promise<void> {
  await db
    .update(rules)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(rules.id, id));
}

export async function deleteRuleRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(rules).where(eq(rules.id, id));
}
