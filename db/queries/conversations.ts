import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { customerProfiles, loopTraces, scenarios, sessions, steps, traceSpans, turns } from "../schema";
import type { DbOrTx } from "../types";

export async function getSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

export async function getProfile(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, id));
  return row ?? null;
}

/** The last `limit` turns of a session, oldest first: the engine's bounded history. */
export async function lastTurns(db: DbOrTx, sessionId: string, limit: number) {
  const rows = await db
    .select({ userMessage: turns.userMessage, response: turns.response, turnIndex: turns.turnIndex })
    .from(turns)
    .where(eq(turns.sessionId, sessionId))
    .orderBy(desc(turns.turnIndex))
    .limit(limit);
  return rows.reverse();
}

export async function spansOf(db: DbOrTx, turnIds: string[]) {
  if (turnIds.length === 0) return [];
  return db.select().from(traceSpans).where(inArray(traceSpans.turnId, turnIds)).orderBy(asc(traceSpans.position));
}

export async function listSessionTurns(db: DbOrTx, sessionId: string) {
  return db.select().from(turns).where(eq(turns.sessionId, sessionId)).orderBy(asc(turns.turnIndex));
}

export async function getTurn(db: DbOrTx, id: string) {
  const [row] = await db.select().from(turns).where(eq(turns.id, id));
  return row ?? null;
}

export async function loopsOfTurn(db: DbOrTx, turnId: string) {
  return db.select().from(loopTraces).where(eq(loopTraces.turnId, turnId)).orderBy(asc(loopTraces.createdAt));
}

/** Names for the scenario and step ids a session points at. */
export async function scenarioStepNames(db: DbOrTx, scenarioId: string | null, stepId: string | null) {
  const [scenario] = scenarioId
    ? await db.select({ id: scenarios.id, name: scenarios.name }).from(scenarios).where(eq(scenarios.id, scenarioId))
    : [];
  const [step] = stepId
    ? await db.select({ id: steps.id, name: steps.name }).from(steps).where(eq(steps.id, stepId))
    : [];
  return { scenario: scenario ?? null, step: step ?? null };
}

/**
 * An agent's sandbox sessions that one operator started (`created_by` holds the operator's e-mail), or
 * that others did, last used first: the sandbox opens the operator's own first, so nobody continues
 * another person's conversation by default.
 */
export async function listSandboxSessions(
  db: DbOrTx,
  agentId: string,
  startedBy: { operator: string; own: boolean },
  limit = 20,
) {
  const whose = startedBy.own
    ? eq(sessions.createdBy, startedBy.operator)
    : or(isNull(sessions.createdBy), ne(sessions.createdBy, startedBy.operator));
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.agentId, agentId), eq(sessions.channel, "sandbox"), whose))
    .orderBy(desc(sessions.updatedAt))
    .limit(limit);
}

/** Turns of an agent in [from, to) with what the rollout metrics need; 50,000 rows bound one window. */
export async function rolloutTurns(db: DbOrTx, agentId: string, from: Date, to: Date) {
  return db
    .select({
      sessionId: turns.sessionId,
      turnIndex: turns.turnIndex,
      userMessage: turns.userMessage,
      outcome: turns.outcome,
      latencyMs: turns.latencyMs,
      scenarioId: turns.scenarioId,
      continuity: sql<Record<string, unknown> | null>`${turns.provenance} -> 'continuity'`,
    })
    .from(turns)
    .where(and(eq(turns.agentId, agentId), gte(turns.createdAt, from), lt(turns.createdAt, to)))
    .limit(50_000);
}

/** The outcome, the applied rules' names and the cited sources' titles (and url sources' addresses) of these turns: "why this answer" of the customer's view. */
export async function turnWhyRows(db: DbOrTx, turnIds: string[]) {
  if (turnIds.length === 0) return [];
  return db
    .select({
      id: turns.id,
      outcome: turns.outcome,
      ruleNames: sql<
        string[] | null
      >`(select jsonb_agg(r->>'name') from jsonb_array_elements(coalesce(${turns.provenance}->'rules_applied', '[]'::jsonb)) r)`,
      citedSources: sql<
        { title: string; url: string | null }[] | null
      >`(select jsonb_agg(jsonb_build_object('title', c->>'source_title', 'url', c->>'source_url')) from jsonb_array_elements(coalesce(${turns.provenance}->'knowledge'->'citations', '[]'::jsonb)) c)`,
    })
    .from(turns)
    .where(inArray(turns.id, turnIds));
}
