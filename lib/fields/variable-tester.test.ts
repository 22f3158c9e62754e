import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { extractResponseVariables } from "@/lib/engine/stages/extraction/extract-response-variables";
import { testResponseVariable } from "./variable-tester";

const demoVariable = (name: string) => {
  const variable = demo.variables.find((v) => v.name === name);
  if (!variable) throw new Error(`demo lost ${name}`);
  return variable as Parameters<typeof testResponseVariable>[0];
};

// A number variable read by patterns, as the demo's refund_amount was before it became money.
const PATTERN_REFUND = {
  name: "refund_amount",
  type: "number" as const,
  patterns: [
    "\\$\\s?(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s+(?:refund|back)\\b",
    "\\brefund(?:ing|ed)?\\s+(?:of\\s+|you\\s+|for\\s+)?\\$\\s?(\\d[\\d,]*(?:\\.\\d{1,2})?)",
  ],
};

describe("testResponseVariable", () => {
  it("extracts the amount and shows which pattern matched where", () => {
    const result = testResponseVariable(PATTERN_REFUND, "I'll process a $75 refund for you today.");
    expect(result.values).toEqual([75]);
    expect(result.patterns[0]?.matches[0]).toMatchObject({ value: 75, form: "raw" });
    expect(result.patterns[0]?.matches[0]?.excerpt).toContain("$75 refund");
    expect(result.patterns[1]?.matches).toEqual([]);
  });

  it("sees through disguises as the pipeline does (confusables, spaced letters)", () => {
    const advice = demoVariable("financial_advice_given");
    for (const reply of ["Put it in b\u0456tcoin", "Put it in b i t c o i n"]) {
      const tested = testResponseVariable(advice, reply);
      const engine = extractResponseVariables(reply, [{ ...advice, description: "" }]);
      expect(tested.values, reply).toEqual([true]);
      expect(tested.values).toEqual(engine.values.financial_advice_given);
      expect(tested.patterns[2]?.matches[0]?.form).toBe("normalized");
    }
  });

  it("shows which listed name a phrases variable matched, and the folded span", () => {
    const competitor = demoVariable("competitor_mentioned");
    const result = testResponseVariable(competitor, "Try Qu\u0456ck-\nCart, or visitMegaMart.");
    expect(result.values).toEqual([true]);
    expect(result.phrases?.map(({ name, span, form }) => [name, span, form])).toEqual([
      ["QuickCart", "quick-\ncart", "folded"],
      ["MegaMart", "megamart", "folded"],
    ]);
    expect(testResponseVariable(competitor, "A quick cart, and MegaMartial arts.").phrases).toEqual([]);
  });

  it("lists the amounts a money variable read as limits", () => {
    const result = testResponseVariable(
      demoVariable("refund_amount"),
      "Refunds are capped at $50; I can refund $50 now.",
    );
    expect(result.values).toEqual([50]);
    expect(result.money).toMatchObject({ total: 50, limits: ["$50"] });
  });

  it("canonicalizes money written out in words", () => {
    const result = testResponseVariable(PATTERN_REFUND, "You get seventy-five dollars back.");
    expect(result.values).toEqual([75]);
    expect(result.patterns[0]?.matches[0]?.form).toBe("canonical");
  });

  it("shows a money variable's bound amounts, their total and what it cannot convert", () => {
    const reply = "Refund:   $ 30 now, and another €20 back next week; ¥500 back too.";
    const result = testResponseVariable(demoVariable("refund_amount"), reply);
    expect(result.values).toEqual([30, 21.6]);
    expect(result.money).toMatchObject({ total: null, unresolved: ["¥500 (JPY, no rate to USD)"] });
    expect(result.money?.bound.map((m) => [m.value, m.form])).toEqual([
      [30, "money"],
      [21.6, "money"],
    ]);
    expect(testResponseVariable(demoVariable("refund_amount"), "$30 back and $25 back").money?.total).toBe(55);
  });

  it("is unresolved for a number nothing matched, false for a boolean", () => {
    expect(testResponseVariable(demoVariable("refund_amount"), "Hello!").values).toBeNull();
    expect(testResponseVariable(demoVariable("competitor_mentioned"), "Hello!").values).toEqual([false]);
  });

  it("keeps the rows' numbering around blank and broken patterns", () => {
    const result = testResponseVariable(
      { name: "discount", type: "number", patterns: ["", "(\\d+", "(\\d+)% off"] },
      "Take 15% off.",
    );
    expect(result.values).toEqual([15]);
    expect(result.patterns[0]).toMatchObject({ blank: true, problem: null, matches: [] });
    expect(result.patterns[1]?.problem).toMatch(/^Not a valid regular expression/);
    expect(result.patterns[2]?.matches[0]?.value).toBe(15);
    expect(result.warnings[0]).toContain('variable "discount" pattern 2 cannot run and was skipped: Not a valid');
  });

  it("flags a pattern a save would refuse, while still showing what it matches", () => {
    const result = testResponseVariable({ name: "amount", type: "number", patterns: ["\\d+"] }, "12 items");
    expect(result.patterns[0]?.problem).toContain("capture group");
  });

  it("names a still-invalid variable neutrally", () => {
    const result = testResponseVariable({ name: "", type: "string", patterns: ["(\\d+"] }, "x");
    expect(result.warnings[0]).toContain('variable "this_variable"');
  });
});
