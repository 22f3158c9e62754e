import { NextResponse } from "next/server";
import type { z } from "zod";
import type { Database } from "@/db/types";
import { restoredForCustomer } from "@/lib/privacy/server/customer-reply";
import { answersCustomer } from "@/lib/server/customer-view";
import { defineRoute, errorBodyOf, passThrough } from "@/lib/server/define-route";
import type { StoredAnswer } from "@/lib/server/idempotency";
import { eventStreamResponse } from "@/lib/turns/server/event-stream-response";
import { runAndPersistTurn } from "@/lib/turns/server/host-turn";
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
// 200 {turn_id, session_id, response, outcome, provenance, model_calls, cost_usd, latency_ms}.
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
    // A widget's turn limits count repeats of a key too.
    admit: async ({ db, principal, params, request }) => {
      if (principal.kind === "publishable_key") await admitWidgetTurn(db, principal, params.id, request);
    },
    idempotent: {
      request: ({ params, body }) => ({ session: params.id, ...body }),
      replay: (stored, { db, params, request }) => replayTurn(stored, db, params.id, request),
    },
  },
  async ({ db, params, body, request, actor, requestId, idempotency, reply }) => {
    const view = turnView(request);
    const run = (onStage?: (stage: StageEvent) => void) =>
      runAndPersistTurn(db, { sessionId: params.id, message: body.message, actor, requestId, idempotency, onStage });

    if (wantsEventStream(request.headers.get("accept"))) {
      // The turn runs to its commit whether or not the client is still reading.
      return passThrough(
        eventStreamResponse<AnyTurnEvent>(async (sink) => {
          try {
            const turn = await run((stage) => sink.send(view.stageEvent(stage)));
            sink.send(view.turnEvent(turn.body));
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
    const turn = await run();
    const serverTiming = `turn;dur=${(performance.now() - started).toFixed(1)}`;
    return reply(200, view.shaped(turn.body), { "server-timing": serverTiming });
  },
);

// OPTIONS: the CORS preflight of a widget page (docs/widget.md#cors).
export const OPTIONS = widgetPreflight("session", "POST");

type TurnResponse = z.input<typeof PostTurnResponse>;
/** What the stream sends: the operator's events, or the customer's shape of them. */
type AnyTurnEvent = TurnStreamEvent | z.input<typeof CustomerTurnStreamEvent>;

/** The operator's shape of the answer and its events, or the customer's (docs/widget.md). */
function turnView(request: Request) {
  const customer = answersCustomer(CUSTOMER_VIEW, request);
  return {
    shaped: (turn: TurnResponse) => (customer ? customerTurnOf(turn) : turn),
    stageEvent: (stage: StageEvent): AnyTurnEvent =>
      customer ? { event: "stage", data: customerStageOf(stage) } : { event: "stage", data: stage },
    turnEvent: (turn: TurnResponse): AnyTurnEvent =>
      customer ? { event: "turn", data: customerTurnOf(turn) } : { event: "turn", data: turn },
  };
}

/** The answer stored the first time, as it was (a 200 body or an error body); streamed as the one final event. */
async function replayTurn(stored: StoredAnswer, db: Database, sessionId: string, request: Request): Promise<Response> {
  const body =
    stored.status === 200
      ? turnView(request).shaped((await restoredForCustomer(db, sessionId, stored.body)) as TurnResponse)
      : stored.body;
  if (!wantsEventStream(request.headers.get("accept"))) return NextResponse.json(body, { status: stored.status });
  return eventStreamResponse<AnyTurnEvent>(async (sink) => {
    if (stored.status === 200) sink.send({ event: "turn", data: body as TurnEventBody });
    else sink.send({ event: "error", data: { status: stored.status, ...(body as object) } as ErrorEventBody });
  });
}
