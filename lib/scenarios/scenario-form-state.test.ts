import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";
import {
  addStep,
  addTransition,
  formFromScenario,
  moveItem,
  removeStep,
  reviewForm,
  scenarioFromForm,
  updateStep,
  updateTransition,
} from "./scenario-form-state";

const refund = BundleScenario.parse(demo.scenarios.find((s) => s.key === "refund"));

describe("scenario form state", () => {
  it("round-trips a scenario through the form unchanged, with no renames and nothing to report", () => {
    const form = formFromScenario(refund);
    expect(scenarioFromForm(form)).toEqual({ scenario: refund, renamed_steps: {} });
    expect(reviewForm(form)).toMatchObject({ fieldErrors: {}, checks: [], errorCount: 0, warningCount: 0 });
  });

  it("a step key typed over keeps its transitions and the entry step attached, and is sent as a rename", () => {
    const form = updateStep(formFromScenario(refund), "step:ask_order", { key: "which_order" });
    const { scenario, renamed_steps } = scenarioFromForm(form);
    expect(renamed_steps).toEqual({ ask_order: "which_order" });
    expect(scenario.entry_step).toBe("which_order");
    expect(scenario.transitions.map((t) => `${t.from}>${t.to}`)).toEqual([
      "which_order>look_up_order",
      "look_up_order>verify",
      "look_up_order>which_order",
      "verify>offer_refund",
    ]);
    // Half-way through typing a key another step has: errors (by key the two look_up_order → verify
    // edges are now one pair), but the edges stay attached to their own steps and come apart again.
    const clash = updateStep(form, "step:ask_order", { key: "verify" });
    expect(reviewForm(clash).checks.map((c) => c.code)).toEqual(["duplicate_step_key", "duplicate_transition"]);
    expect(scenarioFromForm(updateStep(clash, "step:ask_order", { key: "which_order" })).scenario).toEqual(scenario);
  });

  it("a new step is named Step N with a free key that follows its name until the key is typed", () => {
    const added = addStep(formFromScenario(refund));
    expect(added.uid).toBe("new-step-1");
    expect(added.form.steps.at(-1)).toMatchObject({ name: "Step 5", key: "step_5", original_key: null });
    const named = updateStep(added.form, added.uid, { name: "Check stock!" });
    expect(named.steps.at(-1)?.key).toBe("check_stock");
    const keyed = updateStep(updateStep(named, added.uid, { key: "stock" }), added.uid, { name: "Stock" });
    expect(keyed.steps.at(-1)?.key).toBe("stock");
    // Unconnected, it is both unreachable and a dead end: warnings, not errors.
    const review = reviewForm(keyed);
    expect(review.checks.map((c) => c.code)).toEqual(["unreachable", "dead_end"]);
    expect(review).toMatchObject({ errorCount: 0, warningCount: 2 });
    expect(scenarioFromForm(keyed).renamed_steps).toEqual({});
  });

  it("a new transition leaves the given step for one it does not lead to yet", () => {
    const { form, uid } = addTransition(formFromScenario(refund), "step:look_up_order");
    expect(form.transitions.find((t) => t.uid === uid)).toMatchObject({
      from: "step:look_up_order",
      to: "step:offer_refund",
    });
    const joined = updateTransition(form, uid, { condition_text: "Already verified", examples: " a \n\n b " });
    expect(scenarioFromForm(joined).scenario.transitions.at(-1)).toEqual({
      from: "look_up_order",
      to: "offer_refund",
      condition_text: "Already verified",
      examples: ["a", "b"],
    });
  });

  it("removing a step takes its transitions with it and clears the entry step it was", () => {
    const form = removeStep(formFromScenario(refund), "step:ask_order");
    expect(form.entry_step).toBe("");
    expect(form.transitions.map((t) => t.uid)).toEqual(["transition:1", "transition:3"]);
    expect(reviewForm(form).checks.map((c) => `${c.severity}:${c.code}`)).toEqual(["error:entry_missing"]);
  });

  it("reports zod's field errors at their paths, not the entry or transition ends twice", () => {
    const form = {
      ...updateStep(formFromScenario(refund), "step:verify", { name: " " }),
      key: "Refund!",
      entry_step: "",
    };
    const review = reviewForm(form);
    expect(Object.keys(review.fieldErrors).sort()).toEqual(["key", "steps[2].name"]);
    expect(review.errorCount).toBe(3);
  });

  it("moves items one place and not past either end", () => {
    const items = [{ uid: "a" }, { uid: "b" }, { uid: "c" }];
    expect(moveItem(items, "b", -1).map((i) => i.uid)).toEqual(["b", "a", "c"]);
    expect(moveItem(items, "c", 1)).toBe(items);
    expect(keyFromName("  Vérifier l'éligibilité ", "_")).toBe("verifier_l_eligibilite");
  });
});
