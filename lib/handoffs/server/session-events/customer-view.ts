import type { SessionEvent } from "../../session-events";

// What a widget's customer (a publishable key, docs/widget.md) sees of the live events: operators'
// words, never who they are (the stored system lines and `actor` carry the operator's e-mail) nor why
// the session was handed off (the reason may be internal, e.g. "VIP complaint").
const CUSTOMER_SYSTEM_TEXT: Record<string, string> = {
  handoff_requested: "A member of our team will join this conversation.",
  handoff_claimed: "A member of our team joined the conversation.",
  handoff_returned: "The conversation is back with the assistant.",
};
const OTHER_SYSTEM_TEXT = "The conversation was updated.";

export function customerViewOf(event: SessionEvent): SessionEvent {
  if (event.event !== "message") return event;
  const text =
    event.data.kind === "system"
      ? (CUSTOMER_SYSTEM_TEXT[event.data.event ?? ""] ?? OTHER_SYSTEM_TEXT)
      : event.data.text;
  return { ...event, data: { ...event.data, text, actor: null } };
}
