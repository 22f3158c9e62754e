import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { scenarios, steps, transitions } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// The scenario editor's reads and writes, one scenario at a time (bundle import replaces them all:
// agent-config.ts). Ids are settled by the caller, so every reference is known when its row is written.

type ScenarioColumns = Omit<typeof scenarios.$inferInsert, "id" | "agentId" | "createdAt" | "updatedAt">;
type StepInsert = typeof steps.$inferInsert;
type TransitionInsert = typeof transitions.$inferInsert;

/** Id and name of each of the agent's scenarios, by name (filter forms). */
export async function listScenarioNames(db: DbOrTx, agentId: string) {
  return db
    .select({ id: scenarios.id, name: scenarios.name })
    .from(scenarios)
    .where(eq(scenarios.agentId, agentId))
    .orderBy(asc(scenarios.name));
}

export async function scenarioByKey(db: DbOrTx, agentId: string, key: string) {
  const [row] = await db
    .select()
    .from(scenarios)
    .where(and(eq(scenarios.agentId, agentId), eq(scenarios.key, key)));
  return row ?? null;
}

/** A scenario's steps in authored order: the order readAgentBundle uses, so row i is the bundle's steps[i]. */
export async function stepsOfScenario(db: DbOrTx, scenarioId: string) {
  return db.select().from(steps).where(eq(steps.scenarioId, scenarioId)).orderBy(asc(steps.position), asc(steps.key));
}

/** A scenario's transitions in authored order, as readAgentBundle reads them. */
export async function transitionsOfScenario(db: DbOrTx, scenarioId: string) {
  return db
    .select()
    .from(transitions)
    .where(eq(transitions.scenarioId, scenarioId))
    .orderBy(asc(transitions.position), asc(transitions.id));
}

export async function insertScenarioRow(
  tx: Transaction,
  row: ScenarioColumns & { id: string; agentId: string },
): Promise<void> {
  await tx.insert(scenarios).values(row);
}

export async function updateScenarioRow(tx: Transaction, id: string, columns: Partial<ScenarioColumns>): Promise<void> {
  await tx
    .update(scenarios)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(scenarios.id, id));
}

/** Its steps and transitions go with it (ON DELETE CASCADE). */
export async function deleteScenarioRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(scenarios).where(eq(scenarios.id, id));
}

export async function insertSteps(tx: Transaction, rows: StepInsert[]): Promise<void> {
  await tx.insert(steps).values(rows);
}

export async function updateStep(tx: Transaction, id: string, columns: Partial<StepInsert>): Promise<void> {
  await tx.update(steps).set(columns).where(eq(steps.id, id));
}

/** Their transitions go with them (ON DELETE CASCADE). */
export async function deleteSteps(tx: Transaction, ids: string[]): Promise<void> {
  await tx.delete(steps).where(inArray(steps.id, ids));
}

export async function insertTransitions(tx: Transaction, rows: TransitionInsert[]): Promise<void> {
  await tx.insert(transitions).values(rows);
}

/** A scenario's transitions replaced as a whole (nothing points at a transition's id). */
export async function replaceTransitions(tx: Transaction, scenarioId: string, rows: TransitionInsert[]): Promise<void> {
  await tx.delete(transitions).where(eq(transitions.scenarioId, scenarioId));
  if (rows.length > 0) await tx.insert(transitions).values(rows);
}
