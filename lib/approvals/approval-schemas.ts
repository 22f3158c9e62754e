import { z } from "zod";
import { IsoTime } from "@/lib/openapi/iso-time";

// Tool calls that wait for an operator's approval (docs/approvals.md), client-safe: the list's query,
// the decision body and the response bodies the routes, the OpenAPI document and the console share.

export const APPROVAL_STATES = ["pending", "approved", "denied", "expired"] as const;
export type ApprovalStateName = (typeof APPROVAL_STATES)[number];

/**
 * A pending approval this close to its expiry is "expiring soon": the console counts it in amber and the
 * `approval.expiring` webhook goes out once (docs/approvals.md#expiry). 5 minutes of the default 15.
 */
export const EXPIRING_SOON_MS = 5 * 60_000;

/** Why the operator decided: kept on the approval, hashed in the ledger. */
export const APPROVAL_REASON_MAX = 500;

export const ApprovalListQuery = z.strictObject({
  state: z.enum(APPROVAL_STATES).default("pending"),
  agent: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /api/v1/approvals/{id}/approve|deny. */
export const DecideApprovalBody = z.strictObject({
  reason: z
    .string()
    .max(APPROVAL_REASON_MAX, `reason is at most ${APPROVAL_REASON_MAX} characters`)
    .refine((text) => text.trim().length > 0, "reason must not be empty"),
});
/** The console's decision: the same reason rules as the REST body. */
export const DecideApprovalInput = DecideApprovalBody.extend({
  approval_id: z.string().uuid(),
  decision: z.enum(["approve", "deny"]),
});
export type DecideApprovalInput = z.infer<typeof DecideApprovalInput>;

export const ApprovalBody = z.object({
  id: z.string().uuid(),
  session_id: z.string().uuid(),
  agent_key: z.string(),
  state: z.enum(APPROVAL_STATES),
  tool: z.object({ id: z.string(), key: z.string(), name: z.string() }),
  /** The inputs the tool is called with once approved. */
  input: z.record(z.string(), z.unknown()),
  /** What led to the call: the rule that attached the tool and the scenario step the conversation was in. */
  context: z.object({
    rule: z.object({ id: z.string(), key: z.string() }),
    scenario: z.object({ id: z.string(), key: z.string() }).nullable(),
    step: z.object({ id: z.string(), key: z.string() }).nullable(),
  }),
  /** The customer's message the paused turn answered. */
  message: z.string(),
  request_turn_id: z.string().uuid(),
  requested_at: IsoTime,
  expires_at: IsoTime,
  /** When the expiry warning (webhook `approval.expiring`) went out; null before. */
  warned_at: IsoTime.nullable(),
  decided_at: IsoTime.nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
  /** The turn that ran (or declined) the tool after the decision. */
  resumed_turn_id: z.string().uuid().nullable(),
});
export type ApprovalBody = z.infer<typeof ApprovalBody>;

export const ApprovalListBody = z.object({ approvals: z.array(ApprovalBody) });

/** A decision: the approval and what the customer was told by the resumed turn. */
export const ApprovalDecisionBody = z.object({
  approval: ApprovalBody,
  turn: z.object({ id: z.string().uuid(), outcome: z.string(), response: z.string() }).nullable(),
});
export type ApprovalDecisionBody = z.infer<typeof ApprovalDecisionBody>;
