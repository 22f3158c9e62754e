import { and, eq, isNull, or, sql } from "drizzle-orm";
import { agentBudgets, budgetSpend } from "@/db/schema";
import type { DbOrTx } from "@/db/types";

// An agent's budget and its spend per period (docs/budgets.md).

export type SpendPeriod = "day" | "month";

export function getAgentBudget(db: DbOrTx, agentId: string) {
  return db
    .select()
    .from(agentBudgets)
    .where(eq(agentBudgets.agentId, agentId))
    .then((rows) => rows[0] ?? null);
}

export async function saveAgentBudget(
  db: DbOrTx,
  row: {
    agentId: string;
    dailyUsd: number | null;
    monthlyUsd: number | null;
    action: "notify" | "offline" | "handoff";
    updatedBy: string;
  },
) {
  const set = {
    dailyUsd: row.dailyUsd,
    monthlyUsd: row.monthlyUsd,
    action: row.action,
    updatedBy: row.updatedBy,
    updatedAt: new Date(),
  };
  const [saved] = await db
    .insert(agentBudgets)
    .values({ ...row, updatedAt: set.updatedAt })
    .onConflictDoUpdate({ target: agentBudgets.agentId, set })
    .returning();
  if (!saved) throw new Error("budget upsert returned no row");
  return saved;
}

/** The spend rows of the given period starts (a missing row is nothing spent). */
export function spendRows(db: DbOrTx, agentId: string, starts: Record<SpendPeriod, string>) {
  return db
    .select()
    .from(budgetSpend)
    .where(
      and(
        eq(budgetSpend.agentId, agentId),
        or(
          and(eq(budgetSpend.period, "day"), eq(budgetSpend.periodStart, starts.day)),
          and(eq(budgetSpend.period, "month"), eq(budgetSpend.periodStart, starts.month)),
        ),
      ),
    );
}

/**
 * Adds a turn's cost to both periods in the turn's transaction; returns the rows after the addition.
 * The upsert takes the row's lock, so two turns of one agent add in turn and each sees the other's sum.
 */
export function addSpend(db: DbOrTx, agentId: string, starts: Record<SpendPeriod, string>, costUsd: number) {
  return db
    .insert(budgetSpend)
    .values([
      { agentId, period: "day", periodStart: starts.day, spentUsd: costUsd },
      { agentId, period: "month", periodStart: starts.month, spentUsd: costUsd },
    ])
    .onConflictDoUpdate({
      target: [budgetSpend.agentId, budgetSpend.period, budgetSpend.periodStart],
      set: { spentUsd: sql`${budgetSpend.spentUsd} + excluded.spent_usd` },
    })
    .returning();
}

/**
 * Marks a crossing once: true only for the one transaction that set it (a concurrent turn waits on
 * the row lock, then finds it set).
 */
export async function markCrossing(
  db: DbOrTx,
  key: { agentId: string; period: SpendPeriod; periodStart: string },
  threshold: "warning" | "reached",
): Promise<boolean> {
  const column = threshold === "warning" ? budgetSpend.warnedAt : budgetSpend.reachedAt;
  const set = threshold === "warning" ? { warnedAt: new Date() } : { reachedAt: new Date() };
  const rows = await db
    .update(budgetSpend)
    .set(set)
    .where(
      and(
        eq(budgetSpend.agentId, key.agentId),
        eq(budgetSpend.period, key.period),
        eq(budgetSpend.periodStart, key.periodStart),
        isNull(column),
      ),
    )
    .returning({ agentId: budgetSpend.agentId });
  return rows.length > 0;
}
