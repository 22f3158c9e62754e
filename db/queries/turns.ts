import "server-only";
import { traceSpans, turns } from "../schema";
import type { Transaction } from "../types";

// The rows a turn writes when it commits (reads: conversations.ts, traces.ts).

export async function insertTurn(tx: Transaction, row: typeof turns.$inferInsert): Promise<void> {
  await tx.insert(turns).values(row);
}

export async function insertTraceSpans(tx: Transaction, rows: (typeof traceSpans.$inferInsert)[]): Promise<void> {
  await tx.insert(traceSpans).values(rows);
}
