import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import {
  profileFieldDefinitions,
  responseVariableDefinitions,
  rules,
  scenarios,
  steps,
  tools,
  transitions,
} from "../schema";
import type { DbOrTx } from "../types";

export async function listRules(db: DbOrTx, agentId: string) {
  return db.select().from(rules).where(eq(rules.agentId, agentId)).orderBy(desc(rules.priority), asc(rules.key));
}

export async function listTools(db: DbOrTx, agentId: string) {
  return db.select().from(tools).where(eq(tools.agentId, agentId)).orderBy(asc(tools.key));
}

export async function listScenariosWithSteps(db: DbOrTx, agentId: string) {
  const scenarioRows = await db
    .select()
    .from(scenarios)
    .where(eq(scenarios.agentId, agentId))
    .orderBy(asc(scenarios.key));
  const ids = scenarioRows.map((s) => s.id);
  if (ids.length === 0) return [];
  const [stepRows, transitionRows] = await Promise.all([
    db.select().from(steps).where(inArray(steps.scenarioId, ids)).orderBy(asc(steps.position)),
    db.select().from(transitions).where(inArray(transitions.scenarioId, ids)).orderBy(asc(transitions.position)),
  ]);
  return scenarioRows.map((scenario) => ({
    ...scenario,
    steps: stepRows.filter((s) => s.scenarioId === scenario.id),
    transitions: transitionRows.filter((t) => t.scenarioId === scenario.id),
  }));
}

export async function listFieldsAndVariables(db: DbOrTx, agentId: string) {
  const [fields, variables] = await Promise.all([
    db
      .select()
      .from(profileFieldDefinitions)
      .where(eq(profileFieldDefinitions.agentId, agentId))
      .orderBy(asc(profileFieldDefinitions.fieldName)),
    db
      .select()
      .from(responseVariableDefinitions)
      .where(eq(responseVariableDefinitions.agentId, agentId))
      .orderBy(asc(responseVariableDefinitions.name)),
  ]);
  return { fields, variables };
}
