import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { checkScenarioGraph, type ScenarioGraphInput } from "./scenario-graph-checks";

const step = (key: string, is_terminal = false) => ({ key, is_terminal });
const go = (from: string, to: string) => ({ from, to });

/** ask → look → verify → offer (terminal), look → ask: the demo's Refund shape. */
const refund: ScenarioGraphInput = {
  entry_step: "ask",
  steps: [step("ask"), step("look"), step("verify"), step("offer", true)],
  transitions: [go("ask", "look"), go("look", "verify"), go("look", "ask"), go("verify", "offer")],
};

const codes = (input: ScenarioGraphInput) => checkScenarioGraph(input).map((c) => `${c.code}@${c.path}`);

describe("scenario graph checks", () => {
  it("finds nothing in a connected graph that ends in a terminal step, nor in the demo's scenarios", () => {
    expect(checkScenarioGraph(refund)).toEqual([]);
    for (const scenario of demo.scenarios) expect(checkScenarioGraph(scenario), scenario.key).toEqual([]);
  });

  it("blocks a missing entry step, and one that is not among the steps", () => {
    const missing = checkScenarioGraph({ ...refund, entry_step: "" });
    expect(missing.map((c) => c.code)).toEqual(["entry_missing"]);
    expect(missing.map((c) => c.severity)).toEqual(["error"]);
    const unknown = checkScenarioGraph({ ...refund, entry_step: "start" });
    expect(unknown).toEqual([
      {
        severity: "error",
        code: "entry_unknown",
        path: "entry_step",
        message: 'The entry step "start" is not a step of this scenario; choose one of its steps.',
      },
    ]);
  });

  it("blocks transitions from or to steps that do not exist, naming the transition", () => {
    const checks = checkScenarioGraph({ ...refund, transitions: [...refund.transitions, go("offer2", "gone")] });
    expect(checks.map((c) => [c.code, c.path, c.transition])).toEqual([
      ["unknown_from", "transitions[4].from", 4],
      ["unknown_to", "transitions[4].to", 4],
    ]);
    expect(checks[0]?.message).toContain("Transition 5");
  });

  it("blocks a duplicate step key at the later step, without repeating its warnings", () => {
    const checks = checkScenarioGraph({ ...refund, steps: [...refund.steps, step("look")] });
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ severity: "error", code: "duplicate_step_key", path: "steps[4].key", step: 4 });
    expect(checks[0]?.message).toContain("step 2");
  });

  it("blocks a transition leaving a terminal step and a repeated pair, as bundle import does", () => {
    expect(codes({ ...refund, transitions: [...refund.transitions, go("offer", "ask"), go("ask", "look")] })).toEqual([
      "terminal_outgoing@transitions[4].from",
      "duplicate_transition@transitions[5]",
    ]);
  });

  it("warns about steps no path reaches from the entry step, and lets the save go", () => {
    const island: ScenarioGraphInput = {
      ...refund,
      steps: [...refund.steps, step("escalate"), step("notify", true)],
      transitions: [...refund.transitions, go("escalate", "notify")],
    };
    const checks = checkScenarioGraph(island);
    expect(codes(island)).toEqual(["unreachable@steps[4]", "unreachable@steps[5]"]);
    expect(checks.every((c) => c.severity === "warning")).toBe(true);
    // A transition into the island from a reached step makes it reachable.
    expect(codes({ ...island, transitions: [...island.transitions, go("verify", "escalate")] })).toEqual([]);
  });

  it("warns about a non-terminal step with no way out, but not about a terminal one", () => {
    const stuck = { ...refund, transitions: refund.transitions.filter((t) => t.from !== "verify") };
    expect(codes(stuck)).toEqual(["dead_end@steps[2]", "unreachable@steps[3]"]);
    expect(codes({ ...stuck, steps: stuck.steps.map((s) => (s.key === "verify" ? step("verify", true) : s)) })).toEqual(
      ["unreachable@steps[3]"],
    );
  });

  it("reports a new step that is both unreachable and a dead end, then neither once it is wired in", () => {
    const added = { ...refund, steps: [...refund.steps, step("check_stock")] };
    expect(codes(added)).toEqual(["unreachable@steps[4]", "dead_end@steps[4]"]);
    const wiredIn = { ...added, transitions: [...added.transitions, go("verify", "check_stock")] };
    expect(codes(wiredIn)).toEqual(["dead_end@steps[4]"]);
    expect(codes({ ...wiredIn, transitions: [...wiredIn.transitions, go("check_stock", "offer")] })).toEqual([]);
  });

  it("does not call every step unreachable when the entry step is unknown", () => {
    expect(codes({ ...refund, entry_step: "nowhere" })).toEqual(["entry_unknown@entry_step"]);
  });
});
