import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { traceSpans, turns } from "../schema";
import type { DbOrTx } from "../types";

/**
 * The agent's messages the input-safety stage read since `since` (the dashboard's window), by verdict
 * and by what the turn did: a range of turns_agent_created_idx bounded by the window, each turn's
 * spans by trace_spans_turn_idx, like the handoff rate's read (handoff-rates.ts).
 */
export async function inputSafetyCounts(db: DbOrTx, agentId: string, since: Date) {
  const verdict = sql`${traceSpans.attributes}->>'verdict'`;
  const action = sql`${traceSpans.attributes}->>'action'`;
  const [row] = await db
    .select({
      read: sql<number>`count(*)::int`,
      flagged: sql<number>`count(*) filter (where ${verdict} = 'flagged')::int`,
      uncertain: sql<number>`count(*) filter (where ${verdict} = 'uncertain')::int`,
      refused: sql<number>`count(*) filter (where ${action} = 'refuse')::int`,
      handedOff: sql<number>`count(*) filter (where ${action} = 'handoff')::int`,
    })
    .from(turns)
    .innerJoin(traceSpans, and(eq(traceSpans.turnId, turns.id), eq(traceSpans.name, "input_safety")))
    .where(and(eq(turns.agentId, agentId), gte(turns.createdAt, since)));
  return {
    read: Number(row?.read ?? 0),
    flagged: Number(row?.flagged ?? 0),
    uncertain: Number(row?.uncertain ?? 0),
    refused: Number(row?.refused ?? 0),
    handedOff: Number(row?.handedOff ?? 0),
  };
}
