import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle, type BundleInput } from "@/lib/engine/contracts/bundle";

// The demo bundle with synthetic rules added up to a target count: the same mix as
// bench/synthetic-agent.ts (GLOBAL 10%, Refund scenario 30%, Pricing scenario 30%, Refund steps 30%;
// every 7th rule a hard deterministic constraint), but as a bundle that POST /agents/import accepts.

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
  for (let i = rules.length; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length] ?? "delivery";
    const verb = VERBS[Math.floor(i / TOPICS.length) % VERBS.length] ?? "asks about";
    const bucket = i % 10;
    const step = refund.steps[i % refund.steps.length];
    const scope = bucket === 0 ? "GLOBAL" : bucket <= 6 ? "SCENARIO" : "STEP";
    const scopeRef =
      bucket === 0 ? null : bucket <= 3 ? "refund" : bucket <= 6 ? "pricing" : `refund/${step?.key ?? "ask_order"}`;
    const hard = i % 7 === 0;
    rules.push({
      key: `synthetic-${i}`,
      name: `Synthetic rule ${i}`,
      condition_text: `The customer ${verb} their ${topic} (case ${i})`,
      action_text: `Explain the ${topic} policy in one sentence and offer the next step.`,
      scope,
      scope_ref: scopeRef,
      priority: i % 50,
      is_hard_constraint: hard,
      enforcement_expression: hard ? "refund_amount <= 50" : null,
      enforcement_lane: "deterministic",
      attached_tools: [],
      max_fires_per_session: i % 11 === 0 ? 2 : null,
      cooldown_turns: i % 13 === 0 ? 1 : 0,
      enabled: i % 17 !== 0,
    });
  }
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
