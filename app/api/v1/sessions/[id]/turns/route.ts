import { NextResponse } from "next/server";
import type { z } from "zod";
import { answersCustomer } from "@/lib/server/customer-view";
import { defineRoute, type ErrorReply, errorBodyOf, passThrough } from "@/lib/server/define-route";
import { withGoalAbortMapped } from "@/lib/server/goals/goal-abort-response";
import { restoredForCustomer } from "@/lib/server/privacy/customer-reply";
import { eventStreamResponse, type TurnEventSink } from "@/lib/turns/server/event-stream-response";
import { runAndPersistTurn } from "@/lib/turns/server/host-turn";
import { beginIdempotent, completeIdempotent, releaseIdempotent, requestHash } from "@/lib/turns/server/idempotency";
import { PostTurnResponse } from "@/lib/turns/turn-response-schemas";
import {
  type ErrorEventBody,
  type StageEvent,
  type TurnEventBody,
  type TurnStreamEvent,
  wantsEventStream,
} from "@/lib/turns/turn-stream";
import { PostTurnBody } from "@/lib/turns/turn-view";
import { CustomerTurnResponse, type CustomerTurnStreamEvent } from "@/lib/widget/customer-response-schemas";
import { customerStageOf, customerTurnOf } from "@/lib/widget/customer-turn";
import { admitWidgetTurn } from "@/lib/widget/server/widget-limits";
import { widgetPreflight } from "@/lib/widget/server/widget-preflight";
import { SessionIdParams } from "../../../params";

// POST /api/v1/sessions/{id}/turns {message} with optional Idempotency-Key →
// 200 {turn_id, session_id, response, outcome, provenance, model_calls, latency_ms}.
// With Accept: text/event-stream: one `stage` event per completed stage, then one `turn` event with
// that same body (or one `error` event with the JSON form's error body and status). The reply is sent
// only in the `turn` event, after enforcement passed it and the turn is committed. Its placeholders are
// restored from the session's vault (docs/privacy.md); what is stored keeps them.
// A publishable key (or ?view=customer) gets the customer's shape of every answer, replays included:
// {turn_id, session_id, response, outcome, why: {rules, reason}}, and stages without their decision.
const CUSTOMER_VIEW = { response: CustomerTurnResponse, viewQuery: true };

export const POST = defineRoute(
  {
    scope: "turns:write",
    publishable: "session",
    params: SessionIdParams,
    body: PostTurnBody,
    response: PostTurnResponse,
    customer: CUSTOMER_VIEW,
  },
  async ({ db, params, body, request, principal, actor, requestId, reply }) => {
    if (principal.kind === "publishable_key") await admitWidgetTurn(db, principal, params.id, request);
    const customer = answersCustomer(CUSTOMER_VIEW, request);
    const shaped = (turn: TurnResponse) => (customer ? customerTurnOf(turn) : turn);
    const stageEvent = (stage: StageEvent): AnyTurnEvent =>
      customer ? { event: "stage", data: customerStageOf(stage) } : { event: "stage", data: stage };
    const turnEvent = (turn: TurnResponse): AnyTurnEvent =>
      customer ? { event: "turn", data: customerTurnOf(turn) } : { event: "turn", data: turn };
    const streaming = wantsEventStream(request.headers.get("accept"));
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
        const headers = { "idempotent-replayed": "true" };
        const body =
          start.status === 200
            ? shaped((await restoredForCustomer(db, params.id, start.body)) as TurnResponse)
            : start.body;
        // The answer stored the first time, as it was: a 200 body or an error body.
        if (!streaming) return passThrough(NextResponse.json(body, { status: start.status, headers }));
        // The stored result, as the stream's one final event.
        return passThrough(
          eventStreamResponse<AnyTurnEvent>(async (sink) => {
            if (start.status === 200) sink.send({ event: "turn", data: body as TurnEventBody });
            else
              sink.send({
                event: "error",
                data: { status: start.status, ...(start.body as object) } as ErrorEventBody,
              });
          }, headers),
        );
      }
      recordId = start.recordId;
    }

    /** Runs and stores the turn; the 200 body, or the error Response the JSON form answers with. */
    const execute = async (onStage?: (stage: StageEvent) => void): Promise<TurnResponse | ErrorReply> => {
      try {
        let stored: TurnResponse | null = null;
        const persisted = await withGoalAbortMapped(requestId, () =>
          runAndPersistTurn(db, {
            sessionId: params.id,
            message: body.message,
            actor,
            requestId,
            onStage,
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
        if (!stored) throw new Error(`turn ${persisted.turnId} was stored without its response body`);
        return { ...(stored as TurnResponse), response: persisted.customerResponse };
      } catch (error) {
        if (recordId) await releaseIdempotent(db, recordId);
        throw error;
      }
    };

    if (streaming) {
      // The turn runs to its commit whether or not the client is still reading.
      return passThrough(
        eventStreamResponse(async (sink: TurnEventSink<AnyTurnEvent>) => {
          try {
            const result = await execute((stage) => sink.send(stageEvent(stage)));
            if (result instanceof Response) {
              const errorBody = (await result.json()) as Omit<ErrorEventBody, "status">;
              sink.send({ event: "error", data: { status: result.status, ...errorBody } });
            } else {
              sink.send(turnEvent(result));
            }
          } catch (error) {
            const { status, body: errorBody, headers } = errorBodyOf(error, request, requestId);
            const retryAfter = headers["retry-after"];
            sink.send({
              event: "error",
              data: { status, ...errorBody, ...(retryAfter ? { retry_after: Number(retryAfter) } : {}) },
            });
          }
        }),
      );
    }

    const started = performance.now();
    const result = await execute();
    if (result instanceof Response) return result;
    const serverTiming = `turn;dur=${(performance.now() - started).toFixed(1)}`;
    return reply(200, shaped(result), { "server-timing": serverTiming });
  },
);

// OPTIONS: the CORS preflight of a widget page (docs/widget.md#cors).
export const OPTIONS = widgetPreflight("session", "POST");

type TurnResponse = z.input<typeof PostTurnResponse>;
/** What the stream sends: the operator's events, or the customer's shape of them. */
type AnyTurnEvent = TurnStreamEvent | z.input<typeof CustomerTurnStreamEvent>;
