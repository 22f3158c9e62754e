import { getTurn, loopsOfTurn } from "@/db/queries/conversations";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { turnToApi } from "@/lib/turns/api-shapes";
import { turnViews } from "@/lib/turns/server/views";
import { TurnDetailBody } from "@/lib/turns/turn-response-schemas";
import { TurnIdParams } from "../../params";

// GET /api/v1/turns/{id} → the turn with its spans, provenance and regeneration loops
export const GET = defineRoute(
  { scope: "traces:read", params: TurnIdParams, response: TurnDetailBody },
  async ({ db, params }) => {
    const row = await getTurn(db, params.id);
    if (!row || !reachesAgentId(row.agentId)) throw new AppError("NOT_FOUND", `No turn with id ${params.id}.`);
    const [turn] = await turnViews(db, [row]);
    if (!turn) throw new AppError("NOT_FOUND", `No turn with id ${params.id}.`);
    const loops = await loopsOfTurn(db, row.id);
    return {
      ...turnToApi(turn),
      loops: loops.map((l) => ({
        loop_id: l.loopId,
        decision: l.decision,
        rerun_count: l.rerunCount,
        reflection_fatigue: l.reflectionFatigue,
        force_finalize: l.forceFinalize,
      })),
    };
  },
);
