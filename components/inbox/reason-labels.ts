import type { HandoffBody } from "@/lib/handoffs/handoff-schemas";
import type { SessionChannel } from "@/lib/turns/turn-view";

/** Why a conversation came to a person, in the inbox's words. */
export const REASON_LABELS: Record<HandoffBody["reason"], string> = {
  rule: "Rule still broken",
  customer_request: "Customer asked for a person",
  repeated_fallback: "Repeated fallbacks",
  input_safety: "Message flagged by input safety",
  operator: "Taken over",
  promised_follow_up: "Follow-up promised",
  budget: "Budget spent",
};

/** Where the customer is writing from, so an operator knows a reply reaches a live web page or a backend. */
export const CHANNEL_LABELS: Record<SessionChannel, string> = {
  widget: "web chat",
  api: "API",
  sandbox: "sandbox",
};
