import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { diffScenarioFields } from "./scenario-field-diff";
import { matchSteps, stepRenameIssues } from "./step-identity";

const pricing = BundleScenario.parse(demo.scenarios.find((s) => s.key === "pricing"));
const [identify, quote] = pricing.steps;
if (!identify || !quote) throw new Error("demo pricing scenario lost its steps");

describe("step identity", () => {
  it("matches steps by key, and by rename where the editor says so", () => {
    const before = [{ key: "a" }, { key: "b" }, { key: "c" }];
    expect(matchSteps(before, [{ key: "c" }, { key: "a" }, { key: "x" }], {})).toEqual([2, 0, null]);
    expect(matchSteps(before, [{ key: "a2" }, { key: "b" }], { a: "a2" })).toEqual([0, 1]);
    // Swapped keys swap identities; a key renamed away and reused is a new step.
    expect(matchSteps(before, [{ key: "b" }, { key: "a" }], { a: "b", b: "a" })).toEqual([0, 1]);
    expect(matchSteps(before, [{ key: "a" }, { key: "z" }], { a: "z" })).toEqual([null, 0]);
  });

  it("refuses renames of unknown steps, to missing keys, or two onto one", () => {
    const before = [{ key: "a" }, { key: "b" }];
    expect(stepRenameIssues(before, [{ key: "a2" }, { key: "b" }], { a: "a2", b: "b" })).toEqual([]);
    expect(stepRenameIssues(before, [{ key: "x" }], { q: "x", a: "y", b: "x" })).toEqual([
      'No stored step "q" to rename; reload the scenario.',
      'Step "a" is renamed to "y", which is not among the steps.',
      'Steps "q" and "b" are both renamed to "x".',
    ]);
  });
});

describe("scenario field diff", () => {
  it("lists every field with before null for a new scenario, after null for a deleted one", () => {
    const created = diffScenarioFields(null, pricing);
    expect(Object.keys(created)).toEqual([
      "key",
      "name",
      "description",
      "intent_label",
      "entry_examples",
      "entry_step",
      "enabled",
      "steps",
      "transitions",
    ]);
    expect(created.steps).toEqual({ before: null, after: pricing.steps });
    expect(diffScenarioFields(pricing, null).transitions).toEqual({ before: pricing.transitions, after: null });
  });

  it("is empty when nothing changed, so the save writes nothing", () => {
    expect(diffScenarioFields(pricing, structuredClone(pricing))).toEqual({});
  });

  it("names the step and field of an instruction edit, and a whole added step and transition", () => {
    const stock = { ...identify, key: "check_stock", name: "Check stock", instructions: "Look it up." };
    const edge = { from: "identify_product", to: "check_stock", condition_text: "Asks about stock", examples: [] };
    const after: BundleScenario = {
      ...pricing,
      intent_label: "pricing",
      steps: [{ ...identify, instructions: "Ask which product." }, quote, stock],
      transitions: [...pricing.transitions, edge],
    };
    expect(diffScenarioFields(pricing, after)).toEqual({
      intent_label: { before: "pricing_question", after: "pricing" },
      "steps.identify_product.instructions": { before: identify.instructions, after: "Ask which product." },
      "steps.check_stock": { before: null, after: stock },
      "transitions.identify_product→check_stock": { before: null, after: edge },
    });
  });

  it("shows a step rename once, as its key, with the transitions that follow it unchanged", () => {
    const after: BundleScenario = {
      ...pricing,
      entry_step: "which_product",
      steps: [{ ...identify, key: "which_product" }, quote],
      transitions: pricing.transitions.map((t) => ({ ...t, from: "which_product" })),
    };
    expect(diffScenarioFields(pricing, after, { identify_product: "which_product" })).toEqual({
      entry_step: { before: "identify_product", after: "which_product" },
      "steps.which_product.key": { before: "identify_product", after: "which_product" },
    });
    // Without the rename it is another step: the old one and its transition go, new ones come.
    expect(Object.keys(diffScenarioFields(pricing, after))).toEqual([
      "entry_step",
      "steps.which_product",
      "steps.identify_product",
      "transitions.which_product→quote_price",
      "transitions.identify_product→quote_price",
    ]);
  });

  it("records removed items and reorders of kept ones", () => {
    const refund = BundleScenario.parse(demo.scenarios.find((s) => s.key === "refund"));
    const [ask, look, verify, offer] = refund.steps;
    if (!ask || !look || !verify || !offer) throw new Error("demo refund scenario lost its steps");
    const after: BundleScenario = {
      ...refund,
      steps: [look, ask, verify, offer],
      transitions: [refund.transitions[1], refund.transitions[0], refund.transitions[3]].filter((t) => t !== undefined),
    };
    const diff = diffScenarioFields(refund, after);
    expect(diff.step_order).toEqual({
      before: ["ask_order", "look_up_order", "verify", "offer_refund"],
      after: ["look_up_order", "ask_order", "verify", "offer_refund"],
    });
    expect(diff["transitions.look_up_order→ask_order"]).toEqual({ before: refund.transitions[2], after: null });
    expect(diff.transition_order?.after).toEqual([
      "look_up_order→verify",
      "ask_order→look_up_order",
      "verify→offer_refund",
    ]);
  });
});
