import { z } from "zod";
import { CEL_MAX_EXPRESSION_LENGTH } from "../cel/cel-environment";
import { TURN_OUTCOMES } from "./turn-outcome";

// A conversation test case: a scripted conversation (user messages in order, an optional customer
// profile and continuity setting) with assertions per turn and for the whole conversation. Cases are
// part of the agent bundle (`tests`), in named suites, with tags; docs/conversation-tests.md.

const Key = z
  .string()
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "Use lower-case letters, digits, '_' and '-', starting with a letter or digit");
const RuleRef = Key;
/** "scenario/step", as STEP rules name steps. */
const StepRef = z
  .string()
  .max(129)
  .regex(/^[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*$/, 'Name a step as "scenario/step"');
const Outcome = z.enum(TURN_OUTCOMES);
/** What a turn's handoff can say it was for (an operator's takeover is not a turn's). */
const HANDOFF_REASONS = ["rule", "customer_request", "repeated_fallback"] as const;
const Text = z.string().min(1).max(500);

const MAX_TEST_TURNS = 200;
export const MAX_TRIES = 10;

export const TurnAssertion = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("outcome_is"), outcome: Outcome }),
  z.strictObject({ kind: z.literal("outcome_is_not"), outcome: Outcome }),
  /** null: the turn ends in no scenario. */
  z.strictObject({ kind: z.literal("scenario_is"), scenario: Key.nullable() }),
  z.strictObject({ kind: z.literal("step_is"), step: StepRef }),
  z.strictObject({ kind: z.literal("rule_fired"), rule: RuleRef }),
  z.strictObject({ kind: z.literal("rule_not_fired"), rule: RuleRef }),
  /** The rule's check failed on a draft that was caught before shipping (regenerated or replaced). */
  z.strictObject({ kind: z.literal("rule_violated"), rule: RuleRef }),
  z.strictObject({ kind: z.literal("rule_not_violated"), rule: RuleRef }),
  z.strictObject({ kind: z.literal("reply_contains"), text: Text }),
  z.strictObject({ kind: z.literal("reply_not_contains"), text: Text }),
  /** A pattern (linear-time engine, case-insensitive) that must match the reply. */
  z.strictObject({ kind: z.literal("reply_matches"), pattern: z.string().min(1).max(500) }),
  /** A CEL predicate over what the shipped reply stated (response variables) and the profile. */
  z.strictObject({ kind: z.literal("cel"), expression: z.string().min(1).max(CEL_MAX_EXPRESSION_LENGTH) }),
  z.strictObject({ kind: z.literal("max_model_calls"), max: z.number().int().min(0).max(50) }),
  /** The turn handed the conversation to a person (docs/handoffs.md); `reason` narrows why. */
  z.strictObject({ kind: z.literal("hands_off"), reason: z.enum(HANDOFF_REASONS).optional() }),
  /** The turn paused before a tool that requires approval (docs/approvals.md); `tool` names which. */
  z.strictObject({ kind: z.literal("asks_for_approval"), tool: Key.optional() }),
  /** The shipped reply promised a person's follow-up, which the host opens as an inbox item (docs/handoffs.md). */
  z.strictObject({ kind: z.literal("opens_follow_up") }),
  /** The reply cites a passage of this knowledge source, named by its id or its title (docs/knowledge.md). */
  z.strictObject({ kind: z.literal("cites"), source: Text }),
  /** The agent said it does not know: no passage answered and no scenario or tool covered the message. */
  z.strictObject({ kind: z.literal("abstains") }),
]);
export type TurnAssertion = z.infer<typeof TurnAssertion>;

export const ConversationAssertion = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("reaches_step"), step: StepRef }),
  z.strictObject({ kind: z.literal("never_falls_back") }),
  /** No shipped reply failed a lane-1 (deterministic) check. */
  z.strictObject({ kind: z.literal("never_ships_lane1_failure") }),
]);
export type ConversationAssertion = z.infer<typeof ConversationAssertion>;

export const TestTurn = z.strictObject({
  message: z.string().min(1).max(4000),
  assertions: z.array(TurnAssertion).max(50).default([]),
  /**
   * What the ports returned when the case was recorded (a saved sandbox or trace session): a frozen
   * run serves it back where the configuration still makes the same calls.
   */
  tape: z.looseObject({ version: z.literal(1) }).optional(),
  /** The recorded turn's id: lane-2 sampling and loop ids derive from it, so a frozen run reuses it. */
  turn_id: z.string().min(1).max(100).optional(),
});

export const BundleTestCase = z.strictObject({
  key: Key,
  name: z.string().min(1).max(200),
  suite: Key.default("default"),
  tags: z.array(Key).max(20).default([]),
  description: z.string().max(2000).default(""),
  /** The customer's profile when the conversation starts. */
  customer_profile: z.record(z.string(), z.unknown()).default({}),
  /** Continuity (follow-ups resolved against offered options) on or off for this conversation. */
  continuity: z.boolean().default(false),
  turns: z.array(TestTurn).min(1).max(MAX_TEST_TURNS, `At most ${MAX_TEST_TURNS} turns in a case`),
  assertions: z.array(ConversationAssertion).max(20).default([]),
  enabled: z.boolean().default(true),
});
export type BundleTestCase = z.output<typeof BundleTestCase>;
export type BundleTestCaseInput = z.input<typeof BundleTestCase>;
