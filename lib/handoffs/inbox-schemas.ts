import { z } from "zod";
import { OperatorMessageBody, ReturnHandoffBody } from "./handoff-schemas";

// The inbox's server actions (docs/handoffs.md#the-inbox), client-safe: the forms share these.

const OVERRIDE_REASON_MAX = 500;
const NOTE_MAX = 4000;

export const ClaimHandoffInput = z.strictObject({ handoff_id: z.string().uuid() });

/** A reply to the customer; `override_reason` sends it although lane 1 stopped it ("Send anyway"). */
export const SendOperatorReplyInput = OperatorMessageBody.extend({
  session_id: z.string().uuid(),
  override_reason: z
    .string()
    .max(OVERRIDE_REASON_MAX, `reason is at most ${OVERRIDE_REASON_MAX} characters`)
    .refine((text) => text.trim().length > 0, "Say why the reply may go out although a rule stopped it")
    .optional(),
});

export const AddInternalNoteInput = z.strictObject({
  session_id: z.string().uuid(),
  text: z
    .string()
    .max(NOTE_MAX, `note is at most ${NOTE_MAX} characters`)
    .refine((text) => text.trim().length > 0, "note must not be empty"),
});

export const ReturnToAgentInput = ReturnHandoffBody.extend({ handoff_id: z.string().uuid() });

/** A rule lane 1 says the reply breaks. */
export interface ReplyViolation {
  rule_key: string;
  rule_name: string;
  detail: string;
}

/** Sent, or stopped by lane 1 with the rules that fired (nothing written). */
export type SendReplyResult = { sent: true } | { sent: false; violations: ReplyViolation[] };

export interface InternalNote {
  id: string;
  text: string;
  actor: string;
  created_at: string;
}
