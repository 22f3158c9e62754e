import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { validateBundle } from "./validate-bundle";

// biome-ignore lint/suspicious/noExplicitAny: these tests break the demo's test cases in arbitrary ways.
const editable = (): any => structuredClone(demo);
const paths = (bundle: unknown) => {
  const result = validateBundle(bundle);
  return result.ok ? [] : result.issues.map((i) => i.path);
};

describe("test cases in a bundle", () => {
  it("the demo suite is valid and has at least 12 cases covering every rule and scenario", () => {
    const result = validateBundle(demo);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const tests = result.bundle.tests;
    expect(tests.length).toBeGreaterThanOrEqual(12);
    const text = JSON.stringify(
      tests.map(({ turns, assertions }) => ({ turns: turns.map((t) => t.assertions), assertions })),
    );
    for (const rule of result.bundle.rules) expect(text, rule.key).toContain(rule.key);
    for (const scenario of result.bundle.scenarios) expect(text, scenario.key).toContain(`"${scenario.key}`);
  });

  it("names the path of every assertion that points at nothing, or does not parse", () => {
    const bundle = editable();
    const [first] = bundle.tests;
    first.turns[0].assertions = [
      { kind: "rule_fired", rule: "no-such-rule" },
      { kind: "step_is", step: "refund/nowhere" },
      { kind: "scenario_is", scenario: "returns" },
      { kind: "cel", expression: "refund_total <= 50" },
      { kind: "cel", expression: "refund_amount <=" },
      { kind: "reply_matches", pattern: "(?<=\\$)75" },
    ];
    first.assertions = [{ kind: "reaches_step", step: "pricing/checkout" }];
    bundle.tests[1].key = first.key;
    expect(paths(bundle)).toEqual([
      "tests[0].turns[0].assertions[0].rule",
      "tests[0].turns[0].assertions[1].step",
      "tests[0].turns[0].assertions[2].scenario",
      "tests[0].turns[0].assertions[3].expression",
      "tests[0].turns[0].assertions[4].expression",
      "tests[0].turns[0].assertions[5].pattern",
      "tests[0].assertions[0].step",
      "tests[1].key",
    ]);
  });

  it("refuses a case over 200 turns, an unknown assertion kind and an empty conversation, at their paths", () => {
    const bundle = editable();
    bundle.tests[0].turns = Array.from({ length: 201 }, () => ({ message: "hello" }));
    bundle.tests[1].turns[0].assertions = [{ kind: "sounds_nice" }];
    bundle.tests[2].turns = [];
    expect(paths(bundle)).toEqual(["tests[0].turns", "tests[1].turns[0].assertions[0].kind", "tests[2].turns"]);
  });
});
