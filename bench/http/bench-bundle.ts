import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle, type BundleInput } from "@/lib/engine/contracts/bundle";
import { syntheticRules } from "../synthetic-rules";

// The demo bundle with synthetic rules (bench/synthetic-rules.ts) added up to a target count, as a
// bundle that POST /agents/import accepts.

export interface BenchBundle {
  bundle: BundleInput;
  rules: number;
  /** Set when the bundle schema caps the rule count below the target. */
  cappedBy: number | null;
}

function withRules(key: string, n: number): BundleInput {
  const base = demo as BundleInput;
  const refund = base.scenarios?.find((s) => s.key === "refund");
  if (!refund) throw new Error("demo bundle has no refund scenario");
  const rules = [...(base.rules ?? [])];
  rules.push(
    ...syntheticRules(
      rules.length,
      n,
      refund.steps.map((step) => step.key),
    ),
  );
  return { ...base, agent: { ...base.agent, key, name: `Bench desk (${n} rules)` }, rules };
}

/** The bench agent with `target` rules, or with the most the bundle schema allows if that is fewer. */
export function benchBundle(key: string, target: number): BenchBundle {
  const wanted = withRules(key, target);
  const parsed = Bundle.safeParse(wanted);
  if (parsed.success) return { bundle: wanted, rules: target, cappedBy: null };
  const cap = parsed.error.issues.find(
    (issue) => issue.code === "too_big" && issue.path.length === 1 && issue.path[0] === "rules",
  );
  if (cap?.code !== "too_big") throw new Error(`bench bundle is invalid: ${parsed.error.message}`);
  const max = Number(cap.maximum);
  const capped = withRules(key, max);
  const again = Bundle.safeParse(capped);
  if (!again.success) throw new Error(`bench bundle is invalid: ${again.error.message}`);
  return { bundle: capped, rules: max, cappedBy: max };
}
