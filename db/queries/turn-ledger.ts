import "server-only";
import { asc, inArray, or, sql } from "drizzle-orm";
import { ledgerEvents } from "../schema";
import type { DbOrTx } from "../types";

// An agent in production writes one TURN_COMPLETED per turn, so both lookups go through an index
// (ledger_turn_id_idx, ledger_request_id_idx) rather than the type index's million entries. 50 events
// bound one request: a turn writes one, the request that started a session a couple more.
const MAX_EVENTS = 50;

/**
 * The ledger events of one turn, oldest first: those naming it (TURN_COMPLETED carries
 * payload.turn_id) and every other event written under the same request id.
 */
export async function listTurnLedgerEvents(db: DbOrTx, turnId: string) {
  const naming = await db
    .select({ requestId: ledgerEvents.requestId })
    .from(ledgerEvents)
    .where(sql`(${ledgerEvents.payload}->>'turn_id') = ${turnId}`);
  const requestIds = [...new Set(naming.map((e) => e.requestId))];
  return db
    .select()
    .from(ledgerEvents)
    .where(
      requestIds.length
        ? or(sql`(${ledgerEvents.payload}->>'turn_id') = ${turnId}`, inArray(ledgerEvents.requestId, requestIds))
        : sql`(${ledgerEvents.payload}->>'turn_id') = ${turnId}`,
    )
    .orderBy(asc(ledgerEvents.seq))
    .limit(MAX_EVENTS);
}
