import { z } from "zod";
import { count, score, section } from "./settings-section";
import { TURN_OUTCOMES } from "./turn-outcome";

// The settings of people and channels around an agent: handing off to a person, approving tool
// calls, sampling sessions for review, and the customer-facing chat widget. The engine's own sections
// are in agent-settings.ts, which puts both together.

/**
 * Handing a conversation to a person (docs/handoffs.md). `request_examples`: how customers ask for a
 * person; the local sensor recognises them without a model call (stages/sensor/handoff-request.ts),
 * and an empty list turns the recognition off. `message`: what the customer gets when a turn hands
 * off. `holding_reply`: what a customer's message gets while a person has the session (empty: no
 * reply, the message is only stored). `fallbacks_before_handoff`: fallback outcomes in a row that hand
 * off (0 = never). `open_on_promise`: a shipped reply that promises a person's follow-up ("a specialist
 * will review the rest") opens an item in the inbox while the agent keeps the conversation.
 */
export const HandoffSettings = section(
  {
    request_examples: z.array(z.string().trim().min(1).max(200)).max(100),
    message: z.string().trim().min(1).max(1000),
    holding_reply: z.string().trim().max(1000),
    fallbacks_before_handoff: count(0, 20),
    target_seconds: count(10, 86_400),
    open_on_promise: z.boolean(),
  },
  {
    request_examples: [
      "talk to a human",
      "I want a real person",
      "can I speak to an agent",
      "let me talk to someone",
      "connect me to a representative",
      "transfer me to customer service",
      "get me a human",
      "I need to speak with a person",
      "put me through to a live agent",
      "operator please",
      "speak to your manager",
      "can a real person help me",
    ],
    message: "I'm handing this conversation to a member of our team. A person will reply here shortly.",
    holding_reply: "",
    fallbacks_before_handoff: 2,
    // The inbox shows a wait amber past this and red past twice it: 2 min, a common chat first-reply target.
    target_seconds: 120,
    // On: a promise the agent makes is one an operator sees; off only for agents whose follow-ups live elsewhere.
    open_on_promise: true,
  },
);

/**
 * Tools that require approval (docs/approvals.md). `holding_reply`: what the customer gets while the
 * call waits; `denied_reply`: what they get when an operator denies it (or it expires);
 * `expiry_minutes`: how long a pending approval waits before it expires as denied (1 min … 7 days).
 */
export const ApprovalSettings = section(
  {
    holding_reply: z.string().trim().min(1).max(1000),
    denied_reply: z.string().trim().min(1).max(1000),
    expiry_minutes: count(1, 10_080),
  },
  {
    holding_reply: "I need a member of our team to approve this step. I'll reply here as soon as they have.",
    denied_reply: "I'm sorry, I wasn't able to do that. Is there anything else I can help with?",
    expiry_minutes: 15,
  },
);

/**
 * Review sampling (docs/reviews.md): each rule sends this share of the sessions with a turn of its
 * outcome to the review queue, the turn checked when it is persisted. The draw is a hash of the
 * session id and the outcome, so the same session always gets the same answer. Any outcome in
 * TURN_OUTCOMES is accepted, one rule per outcome; none = nothing is sampled.
 */
const SamplingRule = z.strictObject({ outcome: z.enum(TURN_OUTCOMES), share: score });
export type SamplingRule = z.infer<typeof SamplingRule>;

export const ReviewsSettings = section(
  {
    sampling: z
      .array(SamplingRule)
      .max(TURN_OUTCOMES.length)
      .refine((rules) => new Set(rules.map((rule) => rule.outcome)).size === rules.length, "one rule per outcome"),
  },
  { sampling: [] as SamplingRule[] },
);

/**
 * The embeddable chat widget (docs/widget.md). Requests with a publishable key are counted per end
 * customer: turns a minute per session token, per client address and per key; sessions an hour per
 * client address and per key. Past a limit the request is refused with 429 and Retry-After.
 * `show_why`: the widget shows a "why this answer" footer; `hosted_page`: the agent's hosted chat page
 * is served.
 */
export const WidgetSettings = section(
  {
    turns_per_minute_per_session: count(1, 600),
    turns_per_minute_per_address: count(1, 6_000),
    turns_per_minute_per_key: count(1, 100_000),
    sessions_per_hour_per_address: count(1, 10_000),
    sessions_per_hour_per_key: count(1, 1_000_000),
    show_why: z.boolean(),
    hosted_page: z.boolean(),
  },
  {
    // 10 a minute is faster than anyone types; 30 an address lets an office share one; 600 a key is
    // ten turns a second across a site before a runaway script is cut off.
    turns_per_minute_per_session: 10,
    turns_per_minute_per_address: 30,
    turns_per_minute_per_key: 600,
    sessions_per_hour_per_address: 20,
    sessions_per_hour_per_key: 2_000,
    show_why: true,
    hosted_page: false,
  },
);
