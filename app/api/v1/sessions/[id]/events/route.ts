import { SessionEventsQuery } from "@/lib/handoffs/handoff-schemas";
import { readQuery } from "@/lib/handoffs/server/read-query";
import { openSessionEventStream } from "@/lib/handoffs/server/session-events/session-event-stream";
import type { StreamHolder } from "@/lib/handoffs/server/session-events/stream-limits";
import { SessionEvent } from "@/lib/handoffs/session-events";
import { answersCustomer } from "@/lib/server/customer-view";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { streamRefusal } from "@/lib/server/live-events/stream-refusal";
import { clientAddressFrom } from "@/lib/server/request/forwarded-request";
import { CustomerSessionEvent } from "@/lib/widget/customer-response-schemas";
import { widgetPreflight } from "@/lib/widget/server/widget-preflight";
import { SessionIdParams } from "../../../params";

// GET /api/v1/sessions/{id}/events[?after=][&view=customer] (Last-Event-ID) → text/event-stream of `message`, `mode`
// and `gone` events: the transcript after the cursor, then what commits (docs/handoffs.md#live-events).
// A publishable key's stream counts against the customers' limits (stream-limits.ts: per session, address
// and key); a refusal is 429 with Retry-After, and never takes an operator's share.
const CUSTOMER_VIEW = { response: CustomerSessionEvent, viewQuery: true };

export const GET = defineRoute(
  {
    scope: "handoffs:read",
    publishable: "session",
    params: SessionIdParams,
    response: SessionEvent,
    customer: CUSTOMER_VIEW,
  },
  async ({ db, params, request, principal, requestId }) => {
    const query = readQuery(request, SessionEventsQuery);
    const lastEventId = request.headers.get("last-event-id")?.trim() || undefined;
    const after = query.after ?? (lastEventId && lastEventId.length <= 200 ? lastEventId : undefined);
    const holder: StreamHolder =
      principal.kind === "publishable_key"
        ? { kind: "customer", sessionId: params.id, keyId: principal.id, address: clientAddressFrom(request.headers) }
        : { kind: "operator" };
    const opened = await openSessionEventStream(db, {
      sessionId: params.id,
      after,
      signal: request.signal,
      // A widget's customer sees what operators wrote, not who they are (their e-mail is the actor).
      forCustomer: answersCustomer(CUSTOMER_VIEW, request),
      // Only the session's own customer gets masked values back; an operator's ?view=customer keeps the
      // placeholders (reading a value is the reveal route's, docs/privacy.md).
      ownWords: principal.kind === "publishable_key",
      holder,
    });
    return "stream" in opened ? passThrough(opened.stream) : streamRefusal(opened.refused, requestId);
  },
);

// OPTIONS: the CORS preflight of a widget page (docs/widget.md#cors).
export const OPTIONS = widgetPreflight("session", "GET");
