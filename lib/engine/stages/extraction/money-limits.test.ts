import { describe, expect, it } from "vitest";
import demo from "../../../demo/refund-desk.bundle.json";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { extractResponseVariables } from "./extract-response-variables";

// The demo's refund_amount: an amount stated as a limit, a threshold, a price or an order total is not
// a refund the reply promises, and adds nothing to refund_amount_total.
const variables = snapshotFromBundle(demo).responseVariables;
const extract = (reply: string, vars: readonly EngineResponseVariable[] = variables) => {
  const { values, moneyLimits } = extractResponseVariables(reply, vars);
  return {
    claims: values.refund_amount ?? [],
    total: values.refund_amount_total?.[0] ?? null,
    limits: moneyLimits?.refund_amount ?? [],
  };
};

describe("limits are not claims", () => {
  it.each([
    ["Refunds are capped at $50.", "$50"],
    ["Refunds over $50 go to a manager.", "$50"],
    ["Refunds above $50 need a specialist's review.", "$50"],
    ["Your order of $75 qualifies for a refund.", "$75"],
    ["I'll get back to you about the $75 order.", "$75"],
    ["The $75 item can be returned for a refund.", "$75"],
    ["Refunds of up to $50 are approved on the spot.", "$50"],
    ["The maximum refund is $50.", "$50"],
    ["The refund limit is $50.", "$50"],
    ["A $50 refund cap applies to opened items.", "$50"],
    ["Refunds of more than $50 need a manager.", "$50"],
    ["Your order total was $75, and the refund goes back to your card.", "$75"],
    ["It costs $75, and refunds take 5 days.", "$75"],
  ])("%s → no claim, %s read as a limit", (reply, limit) => {
    expect(extract(reply)).toEqual({ claims: [], total: null, limits: [limit] });
  });

  it("keeps the promise beside a stated cap, and the total counts only the promise", () => {
    expect(extract("Refunds are capped at $50; I can refund $50 now.")).toEqual({
      claims: [50],
      total: 50,
      limits: ["$50"],
    });
    expect(extract("Your order total was $75, so I'll refund $40 today.")).toEqual({
      claims: [40],
      total: 40,
      limits: ["$75"],
    });
    expect(extract("The refund limit is $50, so I'll refund $40.").claims).toEqual([40]);
  });

  it.each([
    ["I can refund $50 now.", 50],
    ["A refund of $75 is on its way.", 75],
    ["You'll get $75 back.", 75],
    ["I'll process a $75 refund for you.", 75],
    ["I can refund up to $75.", 75],
    ["I'm happy to offer a refund of up to $75.", 75],
    ["You'll get up to $75 back.", 75],
    ["You'll receive a refund of more than $50.", 50],
    ["I'll refund your $75 order in full.", 75],
    ["I'll refund your order of $75 today.", 75],
    ["Your total refund is $75.", 75],
    ["I'll give you $75 worth of store credit.", 75],
  ])("%s still binds %d", (reply, amount) => {
    expect(extract(reply).claims).toEqual([amount]);
  });

  it("takes a designer's limit words on top of the defaults", () => {
    const reply = "The refund allowance is $50 for opened items.";
    expect(extract(reply).claims).toEqual([50]);
    const withAllowance = variables.map((v) =>
      v.money ? { ...v, money: { ...v.money, limitWords: ["allowance"] } } : v,
    );
    expect(extract(reply, withAllowance)).toEqual({ claims: [], total: null, limits: ["$50"] });
    // Matched like a context word: five letters or more also match longer words.
    expect(extract("Refund allowances are $50 each.", withAllowance).claims).toEqual([]);
  });
});
