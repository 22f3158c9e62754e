import { NextResponse } from "next/server";
import { defineRoute } from "@/lib/server/define-route";
import { runAndPersistTurn } from "@/lib/server/engine-host/host-turn";
import { withGoalAbortMapped } from "@/lib/server/goals/goal-abort-response";
import { beginIdempotent, completeIdempotent, releaseIdempotent, requestHash } from "@/lib/server/idempotency";
import { PostTurnBody } from "@/lib/turns/turn-view";
import { SessionIdParams } from "../../../params";

// POST /api/v1/sessions/{id}/turns {message} with optional Idempotency-Key →
// 200 {turn_id, session_id, response, outcome, provenance, model_calls, latency_ms}
export const POST = defineRoute(
  { scope: "turns:write", params: SessionIdParams, body: PostTurnBody },
  async ({ db, params, body, request, principal, actor, requestId }) => {
    const key = request.headers.get("idempotency-key");
    let recordId: string | null = null;
    if (key !== null) {
      const start = await beginIdempotent(
        db,
        `${principal.kind}:${principal.id}`,
        key,
        requestHash({ session: params.id, ...body }),
      );
      if (start.kind === "replay") {
        return NextResponse.json(start.body, { status: start.status, headers: { "idempotent-replayed": "true" } });
      }
      recordId = start.recordId;
    }
    try {
      let stored: unknown = null;
      const started = performance.now();
      const persisted = await withGoalAbortMapped(requestId, () =>
        runAndPersistTurn(db, {
          sessionId: params.id,
          message: body.message,
          actor,
          requestId,
          onPersist: async (tx, t) => {
            stored = {
              turn_id: t.turnId,
              session_id: t.sessionId,
              response: t.outcome.response,
              outcome: t.outcome.outcome,
              provenance: t.outcome.provenance,
              model_calls: t.outcome.modelCalls,
              latency_ms: Math.round(t.latencyMs),
            };
            if (recordId) await completeIdempotent(tx, recordId, 200, stored);
          },
        }),
      );
      if (persisted instanceof Response) {
        if (recordId) await releaseIdempotent(db, recordId);
        return persisted;
      }
      const serverTiming = `turn;dur=${(performance.now() - started).toFixed(1)}`;
      return NextResponse.json(stored ?? { turn_id: persisted.turnId }, { headers: { "server-timing": serverTiming } });
    } catch (error) {
      if (recordId) await releaseIdempotent(db, recordId);
      throw error;
    }
  },
);
