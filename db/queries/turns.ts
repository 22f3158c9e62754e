import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { traceSpans, turns, turnTapes } from "../schema";
import type { Transaction } from "../types";

// The rows a turn writes when it commits (reads: conversations.ts, traces.ts).

/** An insert of rows that reference a turn, written in the turn record's statement (insertLoopTracesSql). */
export type InsertWithTurn = SQL;

export interface TurnRecordRows {
  turn: typeof turns.$inferInsert;
  spans: (typeof traceSpans.$inferInsert)[];
  tape: typeof turnTapes.$inferInsert;
  /** More inserts of rows that reference the turn, written in the same statement. */
  more: readonly InsertWithTurn[];
}

/**
 * The turn row, its spans, its tape and the settlers' rows that reference it (its loops) in one
 * statement: one round trip instead of four (each costs ~1 ms of CPU on PGlite whatever it writes).
 * Their foreign keys to the turn are checked at the statement's end, when the turn row is there.
 */
export async function insertTurnRecord(tx: Transaction, rows: TurnRecordRows): Promise<void> {
  // getSQL(): a query builder put in sql`` comes in parentheses, which a statement cannot be.
  const before: SQL[] = [tx.insert(turns).values(rows.turn).getSQL()];
  if (rows.spans.length > 0) before.push(tx.insert(traceSpans).values(rows.spans).getSQL());
  before.push(...rows.more);
  const ctes = before.map((insert, i) => sql`${sql.identifier(`part_${i}`)} as (${insert})`);
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} ${tx.insert(turnTapes).values(rows.tape).getSQL()}`);
}
