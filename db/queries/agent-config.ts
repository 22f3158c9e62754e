import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import {
  agentTests,
  knowledgeSources,
  profileFieldDefinitions,
  responseVariableDefinitions,
  rules,
  scenarios,
  steps,
  tools,
  transitions,
} from "../schema";
import type { DbOrTx, Transaction } from "../types";

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

/** The agent's knowledge sources as the bundle holds them, by key. */
export async function listKnowledgeSources(db: DbOrTx, agentId: string) {
  const rows = await db
    .select({ source: knowledgeSources.source })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.agentId, agentId))
    .orderBy(asc(knowledgeSources.key));
  return rows.map((r) => r.source);
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

/** Every configuration row of an agent, as readAgentBundle turns them back into a bundle. */
export async function readAgentConfigRows(db: DbOrTx, agentId: string) {
  const fields = await db.select().from(profileFieldDefinitions).where(eq(profileFieldDefinitions.agentId, agentId));
  const variables = await db
    .select()
    .from(responseVariableDefinitions)
    .where(eq(responseVariableDefinitions.agentId, agentId));
  const toolRows = await db.select().from(tools).where(eq(tools.agentId, agentId));
  const scenarioRows = await db.select().from(scenarios).where(eq(scenarios.agentId, agentId));
  const stepRows = await db
    .select({ step: steps })
    .from(steps)
    .innerJoin(scenarios, eq(steps.scenarioId, scenarios.id))
    .where(eq(scenarios.agentId, agentId))
    .orderBy(asc(steps.position), asc(steps.key));
  const transitionRows = await db
    .select({ transition: transitions })
    .from(transitions)
    .innerJoin(scenarios, eq(transitions.scenarioId, scenarios.id))
    .where(eq(scenarios.agentId, agentId))
    .orderBy(asc(transitions.position), asc(transitions.id));
  const ruleRows = await db.select().from(rules).where(eq(rules.agentId, agentId));
  const testRows = await db
    .select({ testCase: agentTests.testCase })
    .from(agentTests)
    .where(eq(agentTests.agentId, agentId))
    .orderBy(asc(agentTests.key));
  const knowledge = await listKnowledgeSources(db, agentId);
  return {
    fields,
    variables,
    knowledge,
    tools: toolRows,
    scenarios: scenarioRows,
    steps: stepRows.map((r) => r.step),
    transitions: transitionRows.map((r) => r.transition),
    rules: ruleRows,
    tests: testRows.map((r) => r.testCase),
  };
}

/** Removes an agent's whole configuration; steps and transitions go with their scenarios (FK cascade). */
export async function deleteAgentConfig(tx: Transaction, agentId: string): Promise<void> {
  await tx.delete(rules).where(eq(rules.agentId, agentId));
  await tx.delete(scenarios).where(eq(scenarios.agentId, agentId));
  await tx.delete(tools).where(eq(tools.agentId, agentId));
  await tx.delete(profileFieldDefinitions).where(eq(profileFieldDefinitions.agentId, agentId));
  await tx.delete(responseVariableDefinitions).where(eq(responseVariableDefinitions.agentId, agentId));
  await tx.delete(agentTests).where(eq(agentTests.agentId, agentId));
  await tx.delete(knowledgeSources).where(eq(knowledgeSources.agentId, agentId));
}

/** Ids of an agent's referable entities by key; steps by "scenario/step", the form a STEP rule's scope_ref uses. */
export interface ConfigIds {
  tools: Map<string, string>;
  scenarios: Map<string, string>;
  steps: Map<string, string>;
  rules: Map<string, string>;
}

export async function readConfigIds(tx: Transaction, agentId: string): Promise<ConfigIds> {
  const toolRows = await tx.select({ id: tools.id, key: tools.key }).from(tools).where(eq(tools.agentId, agentId));
  const scenarioRows = await tx
    .select({ id: scenarios.id, key: scenarios.key })
    .from(scenarios)
    .where(eq(scenarios.agentId, agentId));
  const stepRows = await tx
    .select({ id: steps.id, key: steps.key, scenario: scenarios.key })
    .from(steps)
    .innerJoin(scenarios, eq(steps.scenarioId, scenarios.id))
    .where(eq(scenarios.agentId, agentId));
  const ruleRows = await tx.select({ id: rules.id, key: rules.key }).from(rules).where(eq(rules.agentId, agentId));
  return {
    tools: new Map(toolRows.map((r) => [r.key, r.id])),
    scenarios: new Map(scenarioRows.map((r) => [r.key, r.id])),
    steps: new Map(stepRows.map((r) => [`${r.scenario}/${r.key}`, r.id])),
    rules: new Map(ruleRows.map((r) => [r.key, r.id])),
  };
}

/** A whole configuration's rows, every reference already resolved to an id. */
export interface AgentConfigRows {
  profileFields: (typeof profileFieldDefinitions.$inferInsert)[];
  variables: (typeof responseVariableDefinitions.$inferInsert)[];
  tools: (typeof tools.$inferInsert)[];
  scenarios: (typeof scenarios.$inferInsert)[];
  steps: (typeof steps.$inferInsert)[];
  transitions: (typeof transitions.$inferInsert)[];
  rules: (typeof rules.$inferInsert)[];
  tests: (typeof agentTests.$inferInsert)[];
  knowledgeSources: (typeof knowledgeSources.$inferInsert)[];
}

/** Inserts them table by table, always in this order; an empty table is skipped. */
export async function insertAgentConfigRows(tx: Transaction, rows: AgentConfigRows): Promise<void> {
  if (rows.profileFields.length > 0) await tx.insert(profileFieldDefinitions).values(rows.profileFields);
  if (rows.variables.length > 0) await tx.insert(responseVariableDefinitions).values(rows.variables);
  if (rows.tools.length > 0) await tx.insert(tools).values(rows.tools);
  if (rows.scenarios.length > 0) {
    await tx.insert(scenarios).values(rows.scenarios);
    await tx.insert(steps).values(rows.steps);
    if (rows.transitions.length > 0) await tx.insert(transitions).values(rows.transitions);
  }
  if (rows.rules.length > 0) await tx.insert(rules).values(rows.rules);
  if (rows.tests.length > 0) await tx.insert(agentTests).values(rows.tests);
  if (rows.knowledgeSources.length > 0) await tx.insert(knowledgeSources).values(rows.knowledgeSources);
}
