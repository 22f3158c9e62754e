import "server-only";
import { asc, count, gt } from "drizzle-orm";
import { ledgerEvents } from "@/db/schema";
import type { DbOrTx } from "@/db/types";
import { GENESIS_HASH, ledgerHash } from "./hash";

export interface LedgerVerification {
  is_intact: boolean;
  total: number;
  broken_at: number | null;
}

// Pages of 1,000 rows keep memory flat on long chains.
const PAGE = 1000;

/** Walks the chain in seq order and names the first broken link (a changed, missing or reordered event). */
export async function verifyLedgerChain(db: DbOrTx): Promise<LedgerVerification> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  const [counted] = await db.select({ n: count() }).from(ledgerEvents);
  const total = counted?.n ?? 0;
  for (;;) {
    const rows = await db
      .select()
      .from(ledgerEvents)
      .where(gt(ledgerEvents.seq, expectedSeq - 1))
      .orderBy(asc(ledgerEvents.seq))
      .limit(PAGE);
    for (const row of rows) {
      if (row.seq !== expectedSeq || row.prevHash !== prevHash) {
        return { is_intact: false, total, broken_at: expectedSeq };
      }
      const hash = ledgerHash(prevHash, {
        seq: row.seq,
        id: row.id,
        type: row.type,
        actor: row.actor,
        actor_kind: row.actorKind,
        agent_id: row.agentId,
        request_id: row.requestId,
        occurred_at: row.occurredAt.toISOString(),
        payload: row.payload,
      });
      if (hash !== row.hash) return { is_intact: false, total, broken_at: row.seq };
      prevHash = row.hash;
      expectedSeq++;
    }
    if (rows.length < PAGE) return { is_intact: true, total, broken_at: null };
  }
}
