import "server-only";
import { insertLoopTracesSql } from "@/db/queries/loops";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { loopRowFromRecord } from "./loop-rows";

/** The turn's loops (docs/loops.md), stored with the turn they ran in: in the turn record's statement. */
export const loopSettler: TurnSettler = {
  name: "loops",
  rowsWithTurn(tx, turn) {
    if (turn.outcome.loops.length === 0) return null;
    return insertLoopTracesSql(
      tx,
      turn.outcome.loops.map((loop) => loopRowFromRecord(loop.record, turn.agentId, turn.turnId)),
    );
  },
};
