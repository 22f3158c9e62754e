import type { BundleRule } from "@/lib/engine/contracts/bundle";

// Words to vary synthetic condition texts so rules do not all embed alike.
const TOPICS = [
  "delivery",
  "warranty",
  "invoice",
  "exchange",
  "gift card",
  "coupon",
  "subscription",
  "account",
  "password",
  "address",
];
const VERBS = ["asks about", "complains about", "wants to change", "cannot find", "is confused by"];

/**
 * Synthetic rules `from`…`to − 1` for the demo agent, spread over GLOBAL (10%), the Refund scenario
 * (30%), the Pricing scenario (30%) and the Refund steps (30%) so scoped retrieval sees a realistic
 * share of them on each turn; every 7th a hard deterministic constraint, every 17th disabled.
 */
export function syntheticRules(from: number, to: number, refundStepKeys: readonly string[]): BundleRule[] {
  const rules: BundleRule[] = [];
  for (let i = from; i < to; i++) {
    const topic = TOPICS[i % TOPICS.length] ?? "delivery";
    const verb = VERBS[Math.floor(i / TOPICS.length) % VERBS.length] ?? "asks about";
    const bucket = i % 10;
    const step = refundStepKeys[i % refundStepKeys.length] ?? "ask_order";
    const hard = i % 7 === 0;
    rules.push({
      key: `synthetic-${i}`,
      name: `Synthetic rule ${i}`,
      condition_text: `The customer ${verb} their ${topic} (case ${i})`,
      action_text: `Explain the ${topic} policy in one sentence and offer the next step.`,
      scope: bucket === 0 ? "GLOBAL" : bucket <= 6 ? "SCENARIO" : "STEP",
      scope_ref: bucket === 0 ? null : bucket <= 3 ? "refund" : bucket <= 6 ? "pricing" : `refund/${step}`,
      priority: i % 50,
      is_hard_constraint: hard,
      enforcement_expression: hard ? "refund_amount <= 50" : null,
      enforcement_lane: "deterministic",
      on_violation: "fallback",
      attached_tools: [],
      max_fires_per_session: i % 11 === 0 ? 2 : null,
      cooldown_turns: i % 13 === 0 ? 1 : 0,
      enabled: i % 17 !== 0,
    });
  }
  return rules;
}
