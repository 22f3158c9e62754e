import { SessionEventsQuery } from "@/lib/handoffs/handoff-schemas";
import { readQuery } from "@/lib/handoffs/server/read-query";
import { openSessionEventStream } from "@/lib/handoffs/server/session-events/session-event-stream";
import { SessionEvent } from "@/lib/handoffs/session-events";
import { defineRoute, errorResponse, passThrough } from "@/lib/server/define-route";
import { widgetPreflight } from "@/lib/widget/server/widget-preflight";
import { SessionIdParams } from "../../../params";

// GET /api/v1/sessions/{id}/events[?after=][&view=customer] (Last-Event-ID) → text/event-stream of `message`, `mode`
// and `gone` events: the transcript after the cursor, then what commits (docs/handoffs.md#live-events).
export const GET = defineRoute(
  { scope: "handoffs:read", publishable: "session", params: SessionIdParams, response: SessionEvent },
  async ({ db, params, request, principal, requestId }) => {
    const query = readQuery(request, SessionEventsQuery);
    const lastEventId = request.headers.get("last-event-id")?.trim() || undefined;
    const after = query.after ?? (lastEventId && lastEventId.length <= 200 ? lastEventId : undefined);
    const opened = await openSessionEventStream(db, {
      sessionId: params.id,
      after,
      signal: request.signal,
      // A widget's customer sees what operators wrote, not who they are (their e-mail is the actor).
      forCustomer: principal.kind === "publishable_key" || query.view === "customer",
    });
    if ("stream" in opened) return passThrough(opened.stream);
    const refused = errorResponse(
      503,
      "UNAVAILABLE",
      `This instance has ${opened.max} event streams open, its limit (FOCAL_EVENT_STREAMS_MAX): reconnect in a few seconds, or read /messages?after= meanwhile.`,
      requestId,
    );
    refused.headers.set("retry-after", "5");
    return refused;
  },
);

// OPTIONS: the CORS preflight of a widget page (docs/widget.md#cors).
export const OPTIONS = widgetPreflight("session", "GET");
