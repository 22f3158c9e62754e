import { describe, expect, it } from "vitest";
import { validateEntities } from "@/lib/engine/stages/sensor/validate-entities";
import { testFieldValue } from "./field-value-tester";
import { checkValidationRule, valueDeclarations } from "./validation-rule-check";

const TIER = ['value in ["standard", "vip"]', "size(value) <= 8"];

describe("testFieldValue", () => {
  it("accepts a value every rule passes, stored as the sensor stores it", () => {
    expect(testFieldValue("string", TIER, " vip ")).toEqual({
      accepted: true,
      stored: "vip",
      rules: [
        { index: 0, verdict: "pass" },
        { index: 1, verdict: "pass" },
      ],
    });
  });

  it("rejects with the engine's reason and marks each rule", () => {
    const result = testFieldValue("string", TIER, "platinum-plus");
    expect(result).toMatchObject({ accepted: false, reason: `fails ${TIER[0]}` });
    expect(result.rules.map((r) => r.verdict)).toEqual(["fail", "fail"]);
  });

  it("agrees with validateEntities on the verdict", () => {
    for (const text of ["vip", "gold", "", "standard"]) {
      const engine = validateEntities({ tier: text }, [
        {
          fieldName: "tier",
          displayName: "Tier",
          description: "",
          fieldType: "string",
          validationRules: TIER,
          extractionHints: [],
        },
      ]);
      expect(testFieldValue("string", TIER, text).accepted, text).toBe(Object.hasOwn(engine.accepted, "tier"));
    }
  });

  it("types the value by the field first: no rule runs on a value of another type", () => {
    const result = testFieldValue("number", ["value > 0.0"], "lots");
    expect(result).toEqual({ accepted: false, reason: "not a number", rules: [{ index: 0, verdict: "skipped" }] });
    expect(testFieldValue("number", ["value > 1000.0"], "1,250")).toMatchObject({ accepted: true, stored: 1250 });
    expect(testFieldValue("boolean", ["value"], "yes")).toMatchObject({ accepted: true, stored: true });
  });

  it("reports a rule that does not check, and keeps blank rows in line", () => {
    const result = testFieldValue("string", ["value ==", "", "size(value) > 1"], "vip");
    expect(result.accepted).toBe(false);
    expect(result.rules[0]).toMatchObject({ verdict: "error", message: expect.stringContaining("Syntax error") });
    expect(result.rules[1]).toEqual({ index: 1, verdict: "blank" });
    expect(result.rules[2]).toEqual({ index: 2, verdict: "pass" });
  });
});

describe("validation rule check", () => {
  it("gives value the field's CEL type", () => {
    expect(valueDeclarations("number")).toEqual({ value: "double" });
    expect(valueDeclarations("date")).toEqual({ value: "string" });
    expect(checkValidationRule("value > 5.0", "number").ok).toBe(true);
    expect(checkValidationRule("value > 5.0", "string").ok).toBe(false);
  });

  it("says only value may be used, with the position of the other name", () => {
    const check = checkValidationRule("tier == value", "string");
    expect(check).toMatchObject({ ok: false, kind: "undeclared", position: 0, end: 4 });
    expect(check.ok ? "" : check.message).toContain("can only use `value`");
  });
});
