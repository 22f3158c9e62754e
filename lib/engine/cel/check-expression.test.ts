import { describe, expect, it } from "vitest";
import { checkExpression } from "./check-expression";

const declared = {
  refund_amount: "double",
  competitor_mentioned: "bool",
  tier: "string",
  order_amount: "dyn",
} as const;

describe("checkExpression", () => {
  it.each([
    ["refund_amount <= 50", "bool"],
    ["!competitor_mentioned", "bool"],
    ['tier in ["standard", "vip"] && refund_amount < 50.5', "bool"],
    ["order_amount > 10", "bool"],
    ["refund_amount * 2.0", "double"],
  ])("accepts %s (%s)", (source, type) => {
    expect(checkExpression(source, declared)).toEqual({ ok: true, type });
  });

  it("reports a syntax error with its column and offset", () => {
    const result = checkExpression("refund_amount <=", declared);
    expect(result).toMatchObject({ ok: false, kind: "syntax", position: 16 });
    expect(result.ok || result.message).toMatch(/^Syntax error at column 17: Unexpected token/);
  });

  it("names every undeclared variable, with what is declared", () => {
    const result = checkExpression("refund_total <= 50 && !is_competitor || tier == 'vip'", declared);
    expect(result).toMatchObject({ ok: false, kind: "undeclared", undeclared: ["refund_total", "is_competitor"] });
    expect(result.ok || result.message).toContain("competitor_mentioned, order_amount, refund_amount, tier");
    expect(result).toMatchObject({ position: 0, end: 12 });
  });

  it("reports a type error", () => {
    expect(checkExpression('refund_amount + "x" == 1.0', declared)).toMatchObject({ ok: false, kind: "type" });
  });

  it("requires a predicate when asked", () => {
    const result = checkExpression("refund_amount", declared, { resultType: "bool" });
    expect(result).toMatchObject({ ok: false, kind: "type", message: expect.stringContaining("gives a double") });
  });

  it("refuses empty and oversized expressions", () => {
    expect(checkExpression("  ", declared)).toMatchObject({ ok: false, kind: "syntax" });
    expect(checkExpression(`${"true && ".repeat(400)}true`, declared)).toMatchObject({ ok: false });
  });
});
