import "server-only";
import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { ledgerEvents } from "../schema";
import type { DbOrTx } from "../types";

/** The ledger events that make an agent's configuration versions: editor saves and bundle imports. */
const CONFIG_EVENT_TYPES = ["CONFIG_CHANGED", "BUNDLE_IMPORTED"];

/**
 * An agent's configuration events, newest first, keyset-paginated on seq (ledger_agent_seq_idx), so
 * an agent with years of history pages as fast as a new one.
 */
export async function listConfigEvents(db: DbOrTx, agentId: string, page: { beforeSeq?: number; limit?: number } = {}) {
  const limit = page.limit ?? 30;
  const where: SQL[] = [eq(ledgerEvents.agentId, agentId), inArray(ledgerEvents.type, CONFIG_EVENT_TYPES)];
  if (page.beforeSeq) where.push(lt(ledgerEvents.seq, page.beforeSeq));
  const rows = await db
    .select()
    .from(ledgerEvents)
    .where(and(...where))
    .orderBy(desc(ledgerEvents.seq))
    .limit(limit + 1);
  return { events: rows.slice(0, limit), nextBeforeSeq: rows.length > limit ? rows[limit - 1]?.seq : undefined };
}
