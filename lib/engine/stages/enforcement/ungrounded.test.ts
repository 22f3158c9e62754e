import { describe, expect, it } from "vitest";
import { ungroundedCheck } from "./ungrounded";

describe("ungroundedCheck", () => {
  it("names each fact found nowhere once, however often the reply repeats it", () => {
    const reply = "It takes one business day. Really, one business day. Then one business day more, and $75.";
    const check = ungroundedCheck(reply, { rules: ["Refunds reach the card."] }, "block");
    expect(check.result).toBe("failed");
    expect(check.unsupportedFacts?.map((f) => f.text)).toEqual(["one business day", "$75"]);
    expect(check.detail).toBe('found in no evidence: duration "one business day", money "$75"');
  });

  it("lists names with where they were found, and never blocks on them", () => {
    const check = ungroundedCheck("Your order ships with Parcelforce tomorrow.", {}, "block");
    expect(check.result).toBe("passed");
    expect(check.detail).toBe("no checkable facts");
    expect(check.variables).toEqual({ "name Parcelforce": "nowhere (names only reported)" });
  });

  it("says where every fact was found when all are", () => {
    const check = ungroundedCheck(
      "Order ORD-48213 came to $75.00; a specialist replies within 2 business days.",
      { toolOutputs: [{ id: "ORD-48213", amount: 75 }], rules: ["A specialist reviews it within 2 business days."] },
      "report",
    );
    expect(check).toMatchObject({ result: "passed", detail: "every fact found in the evidence (3)" });
    expect(check.variables).toEqual({
      "code ORD-48213": "toolOutputs",
      "money $75.00": "toolOutputs",
      "duration 2 business days": "rules",
    });
  });

  it("under report: the same facts, result reported, nothing blocks", () => {
    const check = ungroundedCheck("Call 1-800-555-0175 today.", { customer: ["hi"] }, "report");
    expect(check).toMatchObject({
      result: "reported",
      unsupportedFacts: [{ kind: "phone", value: "8005550175", text: "1-800-555-0175" }],
    });
    expect(check.blocking).toBeUndefined();
  });
});
