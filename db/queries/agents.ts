import "server-only";
import { asc, count, eq } from "drizzle-orm";
import {
  agents,
  profileFieldDefinitions,
  responseVariableDefinitions,
  rules,
  scenarios,
  sessions,
  tools,
  turns,
} from "../schema";
import type { DbOrTx, Transaction } from "../types";

async function countsByAgent(db: DbOrTx, table: typeof rules | typeof scenarios | typeof tools) {
  const rows = await db.select({ agentId: table.agentId, n: count() }).from(table).groupBy(table.agentId);
  return new Map(rows.map((r) => [r.agentId, r.n]));
}

export async function listAgents(db: DbOrTx) {
  const [rows, ruleCounts, scenarioCounts, toolCounts] = await Promise.all([
    db.select().from(agents).orderBy(asc(agents.name)),
    countsByAgent(db, rules),
    countsByAgent(db, scenarios),
    countsByAgent(db, tools),
  ]);
  return rows.map((agent) => ({
    id: agent.id,
    key: agent.key,
    name: agent.name,
    description: agent.description,
    configVersion: agent.configVersion,
    updatedAt: agent.updatedAt,
    rules: ruleCounts.get(agent.id) ?? 0,
    scenarios: scenarioCounts.get(agent.id) ?? 0,
    tools: toolCounts.get(agent.id) ?? 0,
  }));
}

export async function getAgentByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(agents).where(eq(agents.key, key));
  return row ?? null;
}

async function countWhere(db: DbOrTx, table: typeof rules | typeof scenarios | typeof tools, agentId: string) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.agentId, agentId));
  return row?.n ?? 0;
}

export async function getAgentCounts(db: DbOrTx, agentId: string) {
  const [ruleCount, scenarioCount, toolCount] = await Promise.all([
    countWhere(db, rules, agentId),
    countWhere(db, scenarios, agentId),
    countWhere(db, tools, agentId),
  ]);
  const [fields] = await db
    .select({ n: count() })
    .from(profileFieldDefinitions)
    .where(eq(profileFieldDefinitions.agentId, agentId));
  const [variables] = await db
    .select({ n: count() })
    .from(responseVariableDefinitions)
    .where(eq(responseVariableDefinitions.agentId, agentId));
  const [sessionCount] = await db.select({ n: count() }).from(sessions).where(eq(sessions.agentId, agentId));
  const [turnCount] = await db.select({ n: count() }).from(turns).where(eq(turns.agentId, agentId));
  return {
    rules: ruleCount,
    scenarios: scenarioCount,
    tools: toolCount,
    profileFields: fields?.n ?? 0,
    variables: variables?.n ?? 0,
    sessions: sessionCount?.n ?? 0,
    turns: turnCount?.n ?? 0,
  };
}

export type AgentCounts = Awaited<ReturnType<typeof getAgentCounts>>;

export async function getAgentById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row ?? null;
}

/** The agent row, locked until the transaction ends (its saves and imports run one after the other), or null. */
export async function lockAgentByKey(tx: Transaction, key: string) {
  const [row] = await tx.select().from(agents).where(eq(agents.key, key)).for("update");
  return row ?? null;
}

export type NewAgent = Pick<typeof agents.$inferInsert, "key" | "name" | "description" | "settings">;

/** Inserts the agent, or returns null when the key is taken (waiting for a concurrent insert of it to commit). */
export async function insertAgentIfNew(tx: Transaction, agent: NewAgent) {
  const [inserted] = await tx.insert(agents).values(agent).onConflictDoNothing({ target: agents.key }).returning();
  return inserted ?? null;
}

/** A bundle import's new agent fields and versions; returns the row as updated. */
export async function updateImportedAgent(
  tx: Transaction,
  id: string,
  columns: Omit<NewAgent, "key"> &
    Pick<typeof agents.$inferInsert, "configVersion" | "profileSchemaVersion" | "updatedAt">,
) {
  const [updated] = await tx.update(agents).set(columns).where(eq(agents.id, id)).returning();
  return updated ?? null;
}

export async function setAgentConfigVersion(db: DbOrTx, id: string, configVersion: number, updatedAt: Date) {
  await db.update(agents).set({ configVersion, updatedAt }).where(eq(agents.id, id));
}

export async function setAgentProfileSchemaVersion(db: DbOrTx, id: string, profileSchemaVersion: number) {
  await db.update(agents).set({ profileSchemaVersion }).where(eq(agents.id, id));
}

export async function setAgentSettings(db: DbOrTx, id: string, settings: Record<string, unknown>) {
  await db.update(agents).set({ settings }).where(eq(agents.id, id));
}
