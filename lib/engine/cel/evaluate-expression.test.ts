import { describe, expect, it } from "vitest";
import { evaluateExpression, expressionVariables, parseTesterValue } from "./evaluate-expression";

const declared = {
  refund_amount: "double",
  competitor_mentioned: "bool",
  tier: "string",
  orders: "dyn",
} as const;

describe("evaluateExpression", () => {
  it("is true or false for the values given", () => {
    expect(evaluateExpression("refund_amount <= 50", declared, { refund_amount: 30 })).toEqual({ result: true });
    expect(evaluateExpression("refund_amount <= 50", declared, { refund_amount: 75 })).toEqual({ result: false });
    expect(evaluateExpression("!competitor_mentioned", declared, { competitor_mentioned: true })).toEqual({
      result: false,
    });
    expect(
      evaluateExpression('tier == "vip" || refund_amount < 10', declared, { tier: "vip", refund_amount: 99 }),
    ).toEqual({ result: true });
  });

  it("evaluates dyn tool outputs with their JSON shape", () => {
    const values = { orders: [{ id: "sample1", amount: 20 }] };
    expect(evaluateExpression("orders.all(o, o.amount < 50)", declared, values)).toEqual({ result: true });
  });

  it("is unresolved, naming every missing variable, when a used variable has no value", () => {
    const result = evaluateExpression('refund_amount <= 50 && tier == "vip"', declared, { refund_amount: undefined });
    expect(result).toMatchObject({ result: "unresolved", missing: ["refund_amount", "tier"] });
  });

  it("ignores values of variables the expression does not use", () => {
    expect(evaluateExpression("refund_amount <= 50", declared, { refund_amount: 1, tier: "x" })).toEqual({
      result: true,
    });
  });

  it("reports a syntax error with its position", () => {
    expect(evaluateExpression("refund_amount <=", declared, { refund_amount: 1 })).toMatchObject({
      result: "error",
      kind: "syntax",
      position: 16,
      message: expect.stringMatching(/^Syntax error at column 17/),
    });
  });

  it("reports an undeclared variable as an error, not as unresolved", () => {
    expect(evaluateExpression("refund_total <= 50", declared, {})).toMatchObject({
      result: "error",
      kind: "undeclared",
      position: 0,
      end: 12,
    });
  });

  it("reports a run-time error with its position", () => {
    expect(evaluateExpression("orders > 10", declared, { orders: "many" })).toMatchObject({
      result: "error",
      kind: "evaluation",
      position: 0,
      message: expect.stringContaining("unresolved"),
    });
  });

  it("refuses an expression that is not a predicate", () => {
    expect(evaluateExpression("refund_amount", declared, { refund_amount: 1 })).toMatchObject({
      result: "error",
      kind: "type",
    });
  });
});

describe("expressionVariables", () => {
  it("lists the variables used, in order of appearance, once each", () => {
    expect(expressionVariables("tier == 'vip' && refund_amount < 50 || refund_amount < 10")).toEqual([
      "tier",
      "refund_amount",
    ]);
    expect(expressionVariables("1 < 2")).toEqual([]);
    expect(expressionVariables("refund_amount <=")).toEqual([]);
  });
});

describe("parseTesterValue", () => {
  it("types what is typed by the variable's CEL type", () => {
    expect(parseTesterValue("75", "double")).toEqual({ ok: true, value: 75 });
    expect(parseTesterValue(" 49.99 ", "double")).toEqual({ ok: true, value: 49.99 });
    expect(parseTesterValue("TRUE", "bool")).toEqual({ ok: true, value: true });
    expect(parseTesterValue("vip ", "string")).toEqual({ ok: true, value: "vip " });
    expect(parseTesterValue('[{"amount": 20}]', "dyn")).toEqual({ ok: true, value: [{ amount: 20 }] });
    expect(parseTesterValue("shipped", "dyn")).toEqual({ ok: true, value: "shipped" });
  });

  it("treats blank as no value and refuses what does not fit the type", () => {
    expect(parseTesterValue("  ", "double")).toEqual({ ok: true, value: undefined });
    expect(parseTesterValue("75$", "double")).toMatchObject({ ok: false });
    expect(parseTesterValue("0x10", "double")).toMatchObject({ ok: false });
    expect(parseTesterValue("yes", "bool")).toMatchObject({ ok: false });
  });
});
