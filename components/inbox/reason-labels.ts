import type { HandoffBody } from "@/lib/handoffs/handoff-schemas";

/** Why a conversation came to a person, in the inbox's words. */
export const REASON_LABELS: Record<HandoffBody["reason"], string> = {
  rule: "Rule still broken",
  customer_request: "Customer asked for a person",
  repeated_fallback: "Repeated fallbacks",
  operator: "Taken over",
};
