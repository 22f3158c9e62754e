import "server-only";
import { getTurn, loopsOfTurn, spansOf } from "@/db/queries/conversations";
import { listTurnLedgerEvents } from "@/db/queries/turn-ledger";
import type { AgentRow, DbOrTx } from "@/db/types";
import { loopViews } from "@/lib/loops/server/loop-views";
import { loadConfigNames } from "@/lib/turns/server/load-config-names";
import { turnView } from "@/lib/turns/server/views";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One turn of this agent with its spans, ledger events and regeneration loops; null when the id is
 * malformed, unknown or another agent's (the page answers 404 either way, naming nothing).
 */
export async function loadTurnDetail(db: DbOrTx, agent: Pick<AgentRow, "id">, turnId: string) {
  if (!UUID.test(turnId)) return null;
  const row = await getTurn(db, turnId);
  if (!row || row.agentId !== agent.id) return null;
  const [spans, ledgerEvents, loopRows, names] = await Promise.all([
    spansOf(db, [row.id]),
    listTurnLedgerEvents(db, row.id),
    loopsOfTurn(db, row.id),
    loadConfigNames(db, agent.id),
  ]);
  return {
    turn: turnView(row, spans),
    intentLabel: row.intentLabel,
    detectedIntent: row.detectedIntent,
    violatedRuleIds: row.violatedRuleIds,
    ledgerEvents,
    loops: await loopViews(db, loopRows),
    names,
  };
}

export type TurnDetailData = NonNullable<Awaited<ReturnType<typeof loadTurnDetail>>>;
