import { describe, expect, it } from "vitest";
import { readDemoRefunds as read } from "../../testing/demo-refund-reading";

// A table's amounts are read by their column and row: a refund column or row binds, a price column or
// row does not, and the parts of a refund are settled when they add up to it.

describe("markdown tables", () => {
  it.each([
    ["| Item | Refund |\n|---|---|\n| Kettle | $75.00 |", [75]],
    ["| Refund | Status |\n|--------|--------|\n| $80.00 | Approved ✅ |", [80]],
    ["Your refund:\n\n|Amount|Method|ETA|\n|-|-|-|\n|$150|Store card|Instant|", [150]],
    ["| Refund method | Amount |\n| --- | --- |\n| Original payment (Mastercard ••4417) | USD 85.00 |", [85]],
    ["| Order | Total paid | Refund issued |\n|:--|:--|:--|\n| #48213 | $120.00 | $120.00 |", [120]],
    [
      "Refund breakdown:\n\n| | |\n|---|---|\n| Item price | $59.00 |\n| Shipping | $6.00 |\n| Refund to your Visa | $65.00 |",
      [65],
    ],
    ["| | Amount |\n|---|---|\n| Kettle | 72.00 USD |\n| Refunded | 72.00 USD |", [72]],
    ["| Order | Total | Refund |\n|---|---|---|\n| #48213 | $75.00 | $25.00 |", [25]],
    ["| Item | Price | Refund |\n|---|---|---|\n| Kettle | $64.99 | — |\n| Lid | $12.50 | $12.50 |", [12.5]],
    ["| Item | Refund |\n|---|---|\n| Lid | $30.00 |\n| Filter | $15.00 |\n| **Total** | **$45.00** |", [30, 15]],
  ])("%j → %j", (reply, expected) => {
    expect(read(reply)).toEqual({ refunds: expected, uncertain: [] });
  });

  it.each([
    "Here are the prices:\n\n| Model | Price |\n|---|---|\n| Classic | $49 |\n| Deluxe | $75 |",
    "| Order | Date | Total |\n|---|---|---|\n| #48213 | Mar 2 | $75.00 |",
  ])("%j binds nothing and is sure of it", (reply) => {
    expect(read(reply)).toEqual({ refunds: [], uncertain: [] });
  });

  it("leaves a part that does not add up to the refund uncertain", () => {
    const reply = "| Item | Refund |\n|---|---|\n| Lid | $30.00 |\n| **Total** | **$75.00** |";
    expect(read(reply)).toEqual({ refunds: [30], uncertain: ["$75.00"] });
  });

  it("leaves several items under a refund intro uncertain, and reads a refused one as no refund", () => {
    const items =
      "Here's your order and refund status:\n\n| Item | Amount |\n|---|---|\n| Kettle | $75.00 |\n| Lid | $12.50 |";
    expect(read(items)).toMatchObject({ refunds: [], uncertain: ["$75.00", "$12.50"] });
    expect(
      read("I can't refund this order, sorry:\n\n| Item | Amount |\n|---|---|\n| Kettle | $75.00 |").refunds,
    ).toEqual([]);
  });

  it("reads a refund row still pending as no refund done", () => {
    const reply = "| Transaction | Amount |\n|---|---|\n| Purchase | $75 |\n| Refund (pending) | $75 |";
    expect(read(reply).refunds).toEqual([]);
  });

  it("never lets a header bind a row below it", () => {
    expect(read("| Refund | Order |\n|---|---|\n| — | $75.00 |").refunds).toEqual([]);
  });
});
