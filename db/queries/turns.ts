import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { traceSpans, turns, turnTapes } from "../schema";
import type { Transaction } from "../types";

// The rows a turn writes when it commits (reads: conversations.ts, traces.ts).

export interface TurnRecordRows {
  turn: typeof turns.$inferInsert;
  spans: (typeof traceSpans.$inferInsert)[];
  tape: typeof turnTapes.$inferInsert;
}

/**
 * The turn row, its spans and its tape in one statement: one round trip instead of three (each costs
 * ~0.5 ms on PGlite whatever it writes). The spans' and the tape's foreign keys to the turn are checked
 * at the statement's end, when the turn row is there.
 */
export async function insertTurnRecord(tx: Transaction, rows: TurnRecordRows): Promise<void> {
  // getSQL(): a query builder put in sql`` comes in parentheses, which a statement cannot be.
  const before: SQL[] = [tx.insert(turns).values(rows.turn).getSQL()];
  if (rows.spans.length > 0) before.push(tx.insert(traceSpans).values(rows.spans).getSQL());
  const ctes = before.map((insert, i) => sql`${sql.identifier(`part_${i}`)} as (${insert})`);
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} ${tx.insert(turnTapes).values(rows.tape).getSQL()}`);
}
