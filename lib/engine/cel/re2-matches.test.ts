import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import { validateEntities } from "../stages/sensor/validate-entities";
import { checkExpression } from "./check-expression";
import { evaluateExpression } from "./evaluate-expression";

const declared = { reply: "string", codes: "dyn" } as const;
// "aaaa…!".matches("^(a+)+$") held the process 5 s at 30 characters on cel-js's RegExp.
const run = `${"a".repeat(4000)}!`;

describe("CEL matches() on RE2", () => {
  it("finishes a formerly catastrophic pattern on a 4,000-character value in well under a second", () => {
    for (const pattern of ["^(a+)+$", "^(a|aa)+$", "(.*a){12}$"]) {
      let outcome: unknown;
      const spent = cpuMillis(
        () => (outcome = evaluateExpression(`reply.matches("${pattern}")`, declared, { reply: run })),
      );
      expect(outcome, pattern).toEqual({ result: false });
      expect(spent, pattern).toBeLessThan(1000);
    }
  });

  it("is RE2 inside macros and on dyn values too", () => {
    let outcome: unknown;
    const spent = cpuMillis(
      () => (outcome = evaluateExpression('codes.exists(c, c.matches("^(a+)+$"))', declared, { codes: [run, "aa"] })),
    );
    expect(outcome).toEqual({ result: true });
    expect(spent).toBeLessThan(1000);
  });

  it("keeps matches() semantics: unanchored, case-sensitive", () => {
    expect(evaluateExpression('reply.matches("b+c")', declared, { reply: "abbbcd" })).toEqual({ result: true });
    expect(evaluateExpression('reply.matches("B")', declared, { reply: "abc" })).toEqual({ result: false });
    expect(evaluateExpression('reply.matches("(?i)B")', declared, { reply: "abc" })).toEqual({ result: true });
  });

  it("runs validation rules on the sensor's path on RE2", () => {
    const field = {
      fieldName: "code",
      displayName: "",
      description: "",
      fieldType: "string",
      validationRules: ['value.matches("^(a+)+$")'],
      extractionHints: [],
    };
    let rejected: unknown;
    const spent = cpuMillis(() => (rejected = validateEntities({ code: run }, [field]).rejected));
    expect(rejected).toEqual([{ field: "code", reason: `fails ${field.validationRules[0]}` }]);
    expect(spent).toBeLessThan(1000);
  });

  it("refuses a pattern literal RE2 cannot run when the expression is checked", () => {
    const check = checkExpression('reply.matches("(?<=\\\\$)\\\\d+")', declared, { resultType: "bool" });
    expect(check).toMatchObject({ ok: false, kind: "type", position: 14 });
    expect(check.ok || check.message).toMatch(/^matches\(\) at column 15: lookbehind is not supported/);
  });

  it("reports a pattern built at run time that RE2 cannot run as an evaluation error", () => {
    const result = evaluateExpression('reply.matches(reply + "(?=x)")', declared, { reply: "a" });
    expect(result).toMatchObject({ result: "error", kind: "evaluation" });
    expect(result.result === "error" && result.message).toContain("lookahead is not supported");
  });

  it("says matches() in messages, never the name of the RE2 overload", () => {
    const check = checkExpression('codes.size() > 1 && 1.matches("a")', declared);
    expect(check.ok || check.message).toContain("int.matches(string)");
    expect(check.ok || check.message).not.toContain("re2");
  });
});
