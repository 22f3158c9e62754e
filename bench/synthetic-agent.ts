import demo from "@/lib/demo/refund-desk.bundle.json";
import type { AgentSnapshot, EngineRule } from "@/lib/engine/contracts/snapshot";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";

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
 * The demo agent with `n` rules: its own 8 plus synthetic ones spread over GLOBAL (10%), the Refund
 * scenario (30%), the Pricing scenario (30%) and the Refund steps (30%) — so scoped retrieval sees a
 * realistic share of them on each turn.
 */
export function syntheticAgent(n: number): AgentSnapshot {
  const base = snapshotFromBundle(demo);
  const refund = base.scenarios.find((s) => s.key === "refund");
  const pricing = base.scenarios.find((s) => s.key === "pricing");
  if (!refund || !pricing) throw new Error("demo scenarios missing");
  const rules: EngineRule[] = [...base.rules];
  for (let i = rules.length; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const verb = VERBS[Math.floor(i / TOPICS.length) % VERBS.length];
    const bucket = i % 10;
    const step = refund.steps[i % refund.steps.length];
    const scope = bucket === 0 ? "GLOBAL" : bucket <= 3 ? "SCENARIO" : bucket <= 6 ? "SCENARIO" : "STEP";
    const scopeId = bucket === 0 ? null : bucket <= 3 ? refund.id : bucket <= 6 ? pricing.id : (step?.id ?? null);
    rules.push({
      id: `rule:synthetic-${i}`,
      key: `synthetic-${i}`,
      name: `Synthetic rule ${i}`,
      conditionText: `The customer ${verb} their ${topic} (case ${i})`,
      actionText: `Explain the ${topic} policy in one sentence and offer the next step.`,
      scope,
      scopeId,
      priority: i % 50,
      enabled: i % 17 !== 0,
      isHardConstraint: i % 7 === 0,
      enforcementExpression: i % 7 === 0 ? "refund_amount <= 50" : null,
      enforcementLane: "deterministic",
      attachedToolIds: [],
      maxFiresPerSession: i % 11 === 0 ? 2 : null,
      cooldownTurns: i % 13 === 0 ? 1 : 0,
    });
  }
  return { ...base, rules };
}
