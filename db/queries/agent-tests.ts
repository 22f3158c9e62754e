import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { agentTests } from "../schema";
import type { DbOrTx } from "../types";

type AgentTestInsert = typeof agentTests.$inferInsert;

export async function listAgentTests(db: DbOrTx, agentId: string, suite?: string) {
  return db
    .select()
    .from(agentTests)
    .where(and(eq(agentTests.agentId, agentId), suite ? eq(agentTests.suite, suite) : undefined))
    .orderBy(asc(agentTests.suite), asc(agentTests.key));
}

export async function getAgentTest(db: DbOrTx, agentId: string, key: string) {
  const [row] = await db
    .select()
    .from(agentTests)
    .where(and(eq(agentTests.agentId, agentId), eq(agentTests.key, key)));
  return row ?? null;
}

export async function insertAgentTest(
  db: DbOrTx,
  row: { agentId: string; key: string; suite: string; testCase: AgentTestInsert["testCase"] },
) {
  await db.insert(agentTests).values(row);
}

export async function updateAgentTest(
  db: DbOrTx,
  id: string,
  row: { key: string; suite: string; testCase: AgentTestInsert["testCase"] },
) {
  await db
    .update(agentTests)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(agentTests.id, id));
}

export async function deleteAgentTest(db: DbOrTx, id: string) {
  await db.delete(agentTests).where(eq(agentTests.id, id));
}

/** Every test case of these agents, for the customer deletion to find the ones saved from a session. */
export async function agentTestsOfAgents(db: DbOrTx, agentIds: string[]) {
  if (agentIds.length === 0) return [];
  return db
    .select({ id: agentTests.id, testCase: agentTests.testCase })
    .from(agentTests)
    .where(inArray(agentTests.agentId, agentIds));
}

export async function deleteAgentTestsById(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(agentTests).where(inArray(agentTests.id, ids));
}
