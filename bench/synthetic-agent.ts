import demo from "@/lib/demo/refund-desk.bundle.json";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { engineRuleFromBundle, snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { syntheticRules } from "./synthetic-rules";

/**
 * The demo agent with `n` rules: its own 8 plus the synthetic ones of bench/synthetic-rules.ts. Built
 * as a snapshot, not a bundle, because the engine bench goes past the bundle's rule cap (10,000).
 */
export function syntheticAgent(n: number): AgentSnapshot {
  const base = snapshotFromBundle(demo);
  const refund = base.scenarios.find((s) => s.key === "refund");
  if (!refund) throw new Error("demo scenarios missing");
  const extra = syntheticRules(
    base.rules.length,
    n,
    refund.steps.map((step) => step.key),
  );
  return { ...base, rules: [...base.rules, ...extra.map(engineRuleFromBundle)] };
}
