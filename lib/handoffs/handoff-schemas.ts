import { z } from "zod";
import { IsoTime } from "@/lib/openapi/iso-time";

// Handoffs to a person (docs/handoffs.md), client-safe: request bodies, response bodies and the
// vocabularies the routes, the OpenAPI document and an inbox share.

export const SESSION_MODES = ["agent", "waiting", "human"] as const;
const HANDOFF_REASONS = [
  "rule",
  "customer_request",
  "repeated_fallback",
  "input_safety",
  "operator",
  "promised_follow_up",
  "budget",
] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const HANDOFF_STATES = ["waiting", "claimed", "closed"] as const;

/** An operator reply: the same bound as a customer's message. */
const OPERATOR_MESSAGE_MAX = 4000;
const NOTE_MAX = 2000;

const nonBlank = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} is at most ${max} characters`)
    .refine((text) => text.trim().length > 0, `${what} must not be empty`);

/** POST /api/v1/sessions/{id}/handoff: why the operator takes the conversation. */
export const RequestHandoffBody = z.strictObject({ reason: nonBlank(500, "reason") });
/** POST /api/v1/sessions/{id}/operator-messages. */
export const OperatorMessageBody = z.strictObject({ text: nonBlank(OPERATOR_MESSAGE_MAX, "text") });
/** POST /api/v1/handoffs/{id}/return: what the agent should know on its next turn ("" = nothing). */
export const ReturnHandoffBody = z.strictObject({
  note: z.string().max(NOTE_MAX, `note is at most ${NOTE_MAX} characters`).default(""),
});

export const HandoffListQuery = z.strictObject({
  state: z.enum(HANDOFF_STATES).optional(),
  agent: z.string().min(1).max(64).optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const MessagesQuery = z.strictObject({
  after: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** GET /api/v1/sessions/{id}/events: `after` wins over a Last-Event-ID header. */
export const SessionEventsQuery = z.strictObject({
  after: z.string().min(1).max(200).optional(),
  // For browsers' EventSource, which cannot send headers: the widget's session token (docs/widget.md).
  session_token: z.string().max(300).optional(),
  // `customer`: what a widget's customer sees (the console's "Preview as customer"); a publishable key always gets it.
  view: z.enum(["operator", "customer"]).optional(),
});

export const HandoffBody = z.object({
  id: z.string().uuid(),
  session_id: z.string().uuid(),
  agent_key: z.string(),
  reason: z.enum(HANDOFF_REASONS),
  /** The rule key, the fallback count, the matched example, the operator's reason, or a follow-up's promise and known values. */
  detail: z.string(),
  state: z.enum(HANDOFF_STATES),
  requested_by: z.string(),
  claimed_by: z.string().nullable(),
  return_note: z.string().nullable(),
  request_turn_id: z.string().uuid().nullable(),
  requested_at: IsoTime,
  claimed_at: IsoTime.nullable(),
  closed_at: IsoTime.nullable(),
});
export type HandoffBody = z.infer<typeof HandoffBody>;

export const HandoffListBody = z.object({
  handoffs: z.array(HandoffBody),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

/** A handoff and the session's mode after the change. */
export const HandoffChangeBody = z.object({
  handoff: HandoffBody,
  session_mode: z.enum(SESSION_MODES),
});

export const TranscriptMessage = z.object({
  /** Stable id, the `after` cursor: `<turn id>:customer`, `<turn id>:agent`, or the message's own id. */
  id: z.string(),
  kind: z.enum(["customer", "agent", "operator", "system"]),
  /** System messages: handoff_requested, handoff_claimed, handoff_returned, follow_up_opened. */
  event: z.string().nullable(),
  text: z.string(),
  /** The turn the message belongs to; null for operator and system messages. */
  turn_id: z.string().uuid().nullable(),
  /** The operator (operator and system messages). */
  actor: z.string().nullable(),
  created_at: IsoTime,
});
export type TranscriptMessage = z.infer<typeof TranscriptMessage>;

export const OperatorMessageResponse = z.object({ message: TranscriptMessage });

export const TranscriptBody = z.object({
  session_id: z.string().uuid(),
  mode: z.enum(SESSION_MODES),
  messages: z.array(TranscriptMessage),
  /** The last message's id: pass as `after` for the next page, or later to read only what is new. */
  next_cursor: z.string().nullable(),
  /** More messages follow this page now. */
  has_more: z.boolean(),
});
