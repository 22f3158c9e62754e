import { describe, expect, it } from "vitest";
import { readDemoRefunds as read } from "../../testing/demo-refund-reading";

// A refund done in one sentence and its amount labelled in the next binds; a refund asked for,
// pending, refused or questioned leaves the amount uncertain.

describe("the amount in the sentence after a refund done", () => {
  it.each([
    ["I've approved your refund. The amount is $75.", [75]],
    ["Your refund is confirmed. It comes to $99.50 in total.", [99.5]],
    ["All done. I've refunded you. Total: $60.", [60]],
    ["The refund has been submitted. Expect $85.00.", [85]],
    ["I've processed the refund for you.\n\nAmount: $64.99", [64.99]],
    ["Refund issued; amount = $64.99.", [64.99]],
    ["Refunded: yes. Amount: $60. Method: Visa.", [60]],
    ["I went ahead and issued the refund. It's $75, to the Visa ending in 4417.", [75]],
    ["Summary\n- Status: **Refund issued**\n- Total: **USD 88.00**", [88]],
    ["Refund. $75", [75]],
  ])("%j → %j", (reply, expected) => {
    expect(read(reply).refunds).toEqual(expected);
  });

  it.each([
    ["Refund requested. The amount is $75.", "$75"],
    ["Your refund is pending review. The amount is $75.", "$75"],
    ["Has your refund arrived? The amount was $75.", "$75"],
    ["A refund isn't possible here. The amount is $75.", "$75"],
    ["Refund status: pending.\nTotal: $75", "$75"],
  ])("%j binds nothing and leaves %s uncertain", (reply, amount) => {
    expect(read(reply)).toEqual({ refunds: [], uncertain: [amount] });
  });

  it("reads a price after a refund done as a price: “Your order total was $75”", () => {
    expect(read("I've refunded the shipping. Your order total was $75.").refunds).toEqual([]);
  });
});
