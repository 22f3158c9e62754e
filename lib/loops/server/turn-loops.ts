import "server-only";
import { insertLoopTraces } from "@/db/queries/loops";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { loopRowFromRecord } from "./loop-rows";

/** The turn's loops (docs/loops.md), stored with the turn they ran in. */
export const loopSettler: TurnSettler = {
  name: "loops",
  async settle(tx, turn) {
    if (turn.outcome.loops.length === 0) return;
    await insertLoopTraces(
      tx,
      turn.outcome.loops.map((loop) => loopRowFromRecord(loop.record, turn.agentId, turn.turnId)),
    );
  },
};
