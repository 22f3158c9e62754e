import "server-only";
import { asc, count, eq, sql } from "drizzle-orm";
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
import type { DbOrTx } from "../types";

export async function listAgents(db: DbOrTx) {
  return db
    .select({
      id: agents.id,
      key: agents.key,
      name: agents.name,
      description: agents.description,
      configVersion: agents.configVersion,
      updatedAt: agents.updatedAt,
      rules: sql<number>`(select count(*)::int from ${rules} where ${rules.agentId} = ${agents.id})`,
      scenarios: sql<number>`(select count(*)::int from ${scenarios} where ${scenarios.agentId} = ${agents.id})`,
      tools: sql<number>`(select count(*)::int from ${tools} where ${tools.agentId} = ${agents.id})`,
    })
    .from(agents)
    .orderBy(asc(agents.name));
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
