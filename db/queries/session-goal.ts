import "server-only";
import { eq } from "drizzle-orm";
import { sessions } from "../schema";
import type { Transaction } from "../types";

/** The session's goal column with the row locked until the transaction ends, or null if there is no such session. */
export async function lockSessionGoal(tx: Transaction, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id, agentId: sessions.agentId, goal: sessions.goal, turnCount: sessions.turnCount })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for("update");
  return row ?? null;
}

export async function saveSessionGoal(tx: Transaction, sessionId: string, goal: Record<string, unknown>) {
  await tx.update(sessions).set({ goal, updatedAt: new Date() }).where(eq(sessions.id, sessionId));
}
