import type { CustomerSessionEvent, CustomerWhy } from "@/lib/widget/customer-response-schemas";
import type { SessionEvent } from "../../session-events";

// What a widget's customer (a publishable key, docs/widget.md) sees of the live events: operators'
// words, never who they are (the stored system lines and `actor` carry the operator's e-mail), why
// the session was handed off (the reason may be internal, e.g. "VIP complaint"), nor which tool waits
// for an approval (a configuration key). Built field by field: a field added to an event later stays
// out of the customer's view until it is added here.
const CUSTOMER_SYSTEM_TEXT: Record<string, string> = {
  handoff_requested: "A member of our team will join this conversation.",
  handoff_claimed: "A member of our team joined the conversation.",
  handoff_returned: "The conversation is back with the assistant.",
  // A follow-up the agent promised: the assistant keeps the conversation, so no waiting is announced.
  follow_up_opened: "A member of our team will follow up on this.",
};
const OTHER_SYSTEM_TEXT = "The conversation was updated.";

/** `why`: an agent reply's "why this answer" (customer-why.ts). */
export function customerViewOf(event: SessionEvent, why?: CustomerWhy): CustomerSessionEvent {
  switch (event.event) {
    case "message": {
      const { id, kind, event: name, text, turn_id, created_at } = event.data;
      const shown = kind === "system" ? (CUSTOMER_SYSTEM_TEXT[name ?? ""] ?? OTHER_SYSTEM_TEXT) : text;
      const data = { id, kind, event: name, text: shown, turn_id, actor: null, created_at };
      return { event: "message", data: why && kind === "agent" ? { ...data, why } : data };
    }
    case "mode":
      return { event: "mode", data: { session_id: event.data.session_id, mode: event.data.mode } };
    case "approval": {
      const { session_id, approval_id, state } = event.data;
      return { event: "approval", data: { session_id, approval_id, state } };
    }
    case "gone":
      return { event: "gone", data: { session_id: event.data.session_id } };
  }
}
