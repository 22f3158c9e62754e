import { describe, expect, it } from "vitest";
import { createCelEnvironment, parseCel } from "@/lib/engine/cel/cel-environment";
import { declaredVariables } from "@/lib/engine/contracts/bundle-expressions";
import { validateBundle } from "@/lib/engine/contracts/validate-bundle";
import { extractResponseVariables } from "@/lib/engine/stages/extraction/extract-response-variables";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import demo from "./refund-desk.bundle.json";

const result = validateBundle(demo);
if (!result.ok) throw new Error(`the demo bundle is invalid: ${JSON.stringify(result.issues)}`);
const bundle = result.bundle;

// The engine's own response extraction over the demo's variables: booleans by pattern, the money
// variable refund_amount by its context words.
const variables = snapshotFromBundle(bundle).responseVariables;
function extract(name: string, response: string): unknown {
  const values = extractResponseVariables(response, variables).values[name];
  if (values === undefined) return undefined;
  return values.length === 1 ? values[0] : values;
}

const holds = (ruleKey: string, values: Record<string, unknown>) => {
  const rule = bundle.rules.find((r) => r.key === ruleKey);
  if (!rule?.enforcement_expression) throw new Error(`no expression on ${ruleKey}`);
  return parseCel(createCelEnvironment(declaredVariables(bundle)), rule.enforcement_expression).program(values);
};

describe("the Refund desk demo", () => {
  it("has the two always-enforced GLOBAL hard constraints", () => {
    const global = bundle.rules.filter((r) => r.scope === "GLOBAL" && r.is_hard_constraint);
    expect(global.map((r) => [r.key, r.enforcement_expression])).toEqual([
      ["no-competitor-mentions", "!competitor_mentioned"],
      ["no-financial-advice", "!financial_advice_given"],
    ]);
    expect(bundle.agent.settings.enforcement?.always_enforce_global ?? true).toBe(true);
  });

  it("plays the refund example: a promised $75 refund violates refund_amount <= 50", () => {
    const amount = extract("refund_amount", "Thanks! I'll process a $75 refund for you right away.");
    expect(amount).toBe(75);
    expect(holds("max-refund", { refund_amount: amount })).toBe(false);
    expect(holds("max-refund", { refund_amount: extract("refund_amount", "I can refund you $50.00 today.") })).toBe(
      true,
    );
    expect(extract("refund_amount", "I'll process a refund of $1,200 today.")).toBe(1200);
    expect(extract("refund_amount", "VIPs have spent over $1000 with us.")).toBeUndefined();
  });

  it("caps the total a reply promises, in any currency, and blocks one it cannot convert", () => {
    const split = extractResponseVariables("$30 back now and another $30 refund next week.", variables);
    expect(split.values).toMatchObject({ refund_amount: [30, 30], refund_amount_total: [60] });
    expect(holds("max-refund", { refund_amount: 60 })).toBe(false);
    expect(extract("refund_amount", "Refund:   $ 75")).toBe(75);
    expect(extract("refund_amount", "I've approved a €75 refund.")).toBe(81);
    const yen = extractResponseVariables("A ¥5000 refund is on its way.", variables);
    expect(yen.values.refund_amount).toBeUndefined();
    expect(yen.unresolvedMoney.refund_amount).toEqual(["¥5000 (JPY, no rate to USD)"]);
  });

  it("flags competitor mentions and financial advice, but not a refusal", () => {
    expect(extract("competitor_mentioned", "You could also try megamart for that.")).toBe(true);
    expect(holds("no-competitor-mentions", { competitor_mentioned: true })).toBe(false);
    expect(extract("financial_advice_given", "You should invest the refund in index funds.")).toBe(true);
    expect(extract("financial_advice_given", "I can't give financial advice, but your refund is on its way.")).toBe(
      false,
    );
  });

  it("walks the refund flow in order and keeps a Pricing scenario for stickiness", () => {
    const refund = bundle.scenarios.find((s) => s.key === "refund");
    expect(refund?.intent_label).toBe("refund_request");
    expect(refund?.steps.map((s) => s.key)).toEqual(["ask_order", "look_up_order", "verify", "offer_refund"]);
    expect(refund?.steps.map((s) => s.is_terminal)).toEqual([false, false, false, true]);
    expect(refund?.entry_examples).toContain("I'm in France and want a refund for order 123");
    expect(bundle.scenarios.find((s) => s.key === "pricing")?.intent_label).toBe("pricing_question");
    const polite = bundle.rules.find((r) => r.key === "be-polite");
    expect(polite).toMatchObject({
      is_hard_constraint: true,
      enforcement_lane: "subjective",
      enforcement_expression: null,
    });
  });
});
