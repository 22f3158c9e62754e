import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleScenario } from "@/lib/engine/contracts/bundle";
import { addStep, addTransition, formFromScenario, scenarioFromForm } from "@/lib/scenarios/scenario-form-state";
import { checkScenarioGraph } from "@/lib/scenarios/scenario-graph-checks";
import { marksFromChecks, stepMarks } from "./graph-marks";

const pricing = BundleScenario.parse(demo.scenarios.find((s) => s.key === "pricing"));

describe("graph marks", () => {
  it("marks a new step unreachable and a dead end, by its uid", () => {
    const { form, uid } = addStep(formFromScenario(pricing));
    const marks = marksFromChecks(form, checkScenarioGraph(scenarioFromForm(form).scenario));
    expect(stepMarks(marks, uid)).toEqual({ unreachable: true, deadEnd: true, error: false });
    expect(stepMarks(marks, "step:identify_product")).toEqual({ unreachable: false, deadEnd: false, error: false });
    expect(marks.transitionErrors.size).toBe(0);
  });

  it("marks a transition out of a terminal step, and the terminal step, as errors", () => {
    const { form, uid } = addTransition(formFromScenario(pricing), "step:quote_price");
    const marks = marksFromChecks(form, checkScenarioGraph(scenarioFromForm(form).scenario));
    expect([...marks.transitionErrors]).toEqual([uid]);
    expect(stepMarks(marks, "step:quote_price").error).toBe(true);
    // The step the transition goes to is fine: the error is the transition's and its terminal source's.
    expect(stepMarks(marks, "step:identify_product").error).toBe(false);
  });
});
