import { z } from "zod";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { TranscriptMessage } from "@/lib/handoffs/handoff-schemas";
import { ApprovalEventData, GoneEventData, ModeEventData } from "@/lib/handoffs/session-events";
import { ErrorBody } from "@/lib/openapi/error-body";

// What a customer gets (docs/widget.md#what-a-customer-sees): the answers of the three routes a
// publishable key may call, and of `?view=customer` on the turns and events routes. A customer reads
// the reply, its outcome, and why in plain words: the names of the rules that applied and a sentence
// for an outcome other than a plain answer. Never the provenance behind them (CEL expressions,
// thresholds, scores, variables, tool results, claims, blocked drafts), beyond the titles of the sources it cites. Strict objects: the response
// contract (lib/server/response-contract.ts) refuses any key these leave out.

export const CustomerSessionResponse = z.strictObject({
  session_id: z.string().uuid(),
  /** The token the session's turns and events need (X-Focal-Session-Token). */
  session_token: z.string(),
  session_token_expires_at: z.string(),
  /** The agent's settings the widget follows (`widget.show_why`). */
  widget: z.strictObject({ show_why: z.boolean() }),
});

/** "Why this answer" as a customer reads it. */
export const CustomerWhy = z.strictObject({
  /** The names of the rules that applied to this turn. */
  rules: z.array(z.strictObject({ name: z.string() })),
  /** A plain sentence when the outcome is not a plain answer (rewritten, a safe reply, a person joining); else null. */
  reason: z.string().nullable(),
  /**
   * The titles of the knowledge sources the reply cites, each once (docs/knowledge.md): a source's title is
   * what its designer shows customers; never a passage's text, id or score.
   */
  sources: z.array(
    z.strictObject({
      title: z.string(),
      /** A url source's address (docs/knowledge.md#url-sources), which the widget links; absent for other sources. */
      url: z.string().optional(),
    }),
  ),
});

export const CustomerTurnResponse = z.strictObject({
  turn_id: z.string().uuid(),
  session_id: z.string().uuid(),
  response: z.string(),
  outcome: z.enum(TURN_OUTCOMES),
  why: CustomerWhy,
});

/** A stage of the turn as it completes: its name for the progress line; no decision (it names thresholds and scores). */
const CustomerStage = z.strictObject({
  name: z.string(),
  status: z.enum(["ok", "error", "skipped"]),
  attempt: z.number().int().min(1),
});

export const CustomerTurnStreamEvent = z.discriminatedUnion("event", [
  z.strictObject({ event: z.literal("stage"), data: CustomerStage }),
  z.strictObject({ event: z.literal("turn"), data: CustomerTurnResponse }),
  z.strictObject({
    event: z.literal("error"),
    data: ErrorBody.extend({ status: z.number().int(), retry_after: z.number().int().optional() }),
  }),
]);

export type CustomerWhy = z.infer<typeof CustomerWhy>;

/** The session's live events in the customer's view: nobody's name, no handoff reason, no tool key. */
export const CustomerSessionEvent = z.discriminatedUnion("event", [
  z.strictObject({
    event: z.literal("message"),
    // An agent's reply carries "why this answer" like the turn's own answer (a resumed turn's reply
    // reaches the customer only here); other lines have none.
    data: TranscriptMessage.extend({ actor: z.null(), why: CustomerWhy.optional() }).strict(),
  }),
  z.strictObject({ event: z.literal("mode"), data: ModeEventData.strict() }),
  z.strictObject({ event: z.literal("approval"), data: ApprovalEventData.omit({ tool_key: true }).strict() }),
  z.strictObject({ event: z.literal("gone"), data: GoneEventData.strict() }),
]);
export type CustomerSessionEvent = z.infer<typeof CustomerSessionEvent>;
