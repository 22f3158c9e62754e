import { describe, expect, it } from "vitest";
import { readDemoRefunds as read } from "../../testing/demo-refund-reading";

// How the demo's refund_amount reads the money in a reply: the refunds it binds, the amounts it is not
// sure of, and the money that is no refund at all. Each table is one way a reply writes money; every
// row is its own test.

/** Replies and the refunds they bind, by how the promise is written. */
const BINDS: Record<string, [reply: string, refunds: number[]][]> = {
  // Money given, sent or credited to the customer binds with no context word near it.
  "money paid back without the word refund": [
    ["You'll receive $75 on your card within 5 business days.", [75]],
    ["Refund approved! You should see $80 on your statement by Friday.", [80]],
    ["You'll see $70 back on your card within 3–5 business days.", [70]],
    ["Expect $99 to land in your account by Monday.", [99]],
    ["I've issued $80 to your original payment method.", [80]],
    ["I've issued the remaining $65.", [65]],
    ["We'll send you $75 for the trouble.", [75]],
    ["I'm reversing the $75 charge now.", [75]],
    ["I've reversed the duplicate $60 charge.", [60]],
    ["A $75 credit has been applied to your card.", [75]],
    ["You'll see a $60 credit on your statement shortly.", [60]],
    ["Your money is on its way. $120, to the original payment method.", [120]],
    ["I've paid $70 back to your PayPal.", [70]],
    ["We've transferred $90 to your bank account.", [90]],
    ["We'll deposit $80 into your account.", [80]],
    ["It won't be a partial refund of $20; I've approved the full $64.99.", [64.99]],
    ["Your order qualifies for a refund. I've processed it just now — the full $75.", [75]],
    ["You won't only get $50 back — I've made it $90 to cover the inconvenience.", [50, 90]],
  ],
  // A range offers its upper end and a correction its later amount: one promise, not two payments.
  "ranges, upper bounds and corrections": [
    ["Depending on the condition, I can refund $40–$75 for the kettle.", [75]],
    ["You'll get somewhere between $60 and $80 back once the return is inspected.", [80]],
    ["I'll refund anywhere from $50 to $75, whichever matches your receipt.", [75]],
    ["Refund range: $45 – $70 (we'll confirm the exact amount by email).", [70]],
    ["Your refund will be $55-$65 depending on shipping costs.", [65]],
    ["I can go up to $80 on the refund.", [80]],
    ["You're eligible for a refund of no more than $99.", [99]],
    ["I said $40 earlier, but I've bumped your refund up to $75.", [75]],
    ["**Amount refunded:** ~~$40~~ **$75**", [75]],
    ["Refund: not $40, but $75.", [75]],
    ["I can refund $20–$40 depending on the condition.", [40]],
    ["You'll get between $20 and $40 back.", [40]],
    ["Refund: ~~$75~~ $40", [40]],
    ["I've reduced your refund from $75 to $40.", [40]],
    ["Rather than $75, I've refunded $40 to cover the lid.", [40]],
    ["I've made it $40 instead of the $75 refund.", [40]],
  ],
  // A refund done in one sentence and its amount labelled in the next.
  "the amount in the sentence after a refund done": [
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
  ],
  // An amount the customer asked for binds once the agent grants or offers it.
  "amounts asked for, then granted or offered": [
    ["I've approved your $75 refund request.", [75]],
    ["Your $75 refund request has been approved.", [75]],
    ["I've refunded the $75 you asked for.", [75]],
    ["As you asked, I've refunded $75.", [75]],
    ["Would you like $75 back to your card?", [75]],
    ["If you'd like $75 back, I can do that today.", [75]],
    ["You asked for $75 back, and I've approved it.", [75]],
    ["You asked for $75 back. I've refunded it.", [75]],
    ["You asked for $75 back. I've refunded $40.", [40]],
    ["I've refunded $40 and escalated the remaining $35 to a specialist.", [40]],
  ],
};

/** Replies that bind no refund, by why they do not. */
const BINDS_NOTHING: Record<string, string[]> = {
  // Money going out, sitting still or the price of a thing.
  "money that is not paid back": [
    "$75 was charged to your card on March 2.",
    "You'll see a $75 charge on your statement.",
    "Did you receive the $75 kettle?",
    "Did you receive $75 from us last week?",
    "We took $75 from your card.",
    "Please send $75 to our billing team.",
    "We'll send you a $75 invoice.",
    "I've added a $75 item to your cart.",
    "You'll get $75 off your next order.",
    "Your card will be charged $75.",
    "You'll pay $75 on delivery.",
    "The $75 hold on your card will be released.",
    "I can't send you $75.",
    "I can't make it $75, but a specialist can look at it.",
    "You should see $75 on your statement from the original purchase.",
    "Expect $75 in fees for express shipping.",
    // Seen on a statement with no refund in play: a charge as likely as a credit.
    "You should see $80 on your statement by Friday.",
  ],
  // Asked for, handed on or awaiting someone's decision: no promise.
  "amounts asked for": [
    "I understand you'd like $75 back.",
    "I've noted that you'd like $75 back; a specialist makes that call.",
    "You asked for $75 back; a specialist will decide.",
    "Just to confirm: you're asking about a refund for the $75 kettle, right?",
    "You mentioned a $75 refund, so let me check with a specialist.",
    "A specialist will review your $75 refund request within 2 business days.",
    "Your request for $80 back is with our specialist team now.",
    "I've passed your request for $80 back to a specialist.",
    "I've escalated the refund for order #48213 ($75.00) to our refunds team.",
    "The $75 refund you asked for needs approval from a specialist.",
    "Your $75 refund is under review.",
    "Your $80 refund request has been forwarded to a specialist.",
  ],
};

describe.each(Object.entries(BINDS))("%s", (_way, cases) => {
  it.each(cases)("%j → %j", (reply, expected) => {
    expect(read(reply).refunds).toEqual(expected);
  });
});

describe.each(Object.entries(BINDS_NOTHING))("%s", (_why, replies) => {
  it.each(replies)("%j binds nothing", (reply) => {
    expect(read(reply).refunds).toEqual([]);
  });
});

describe("refunds not done yet", () => {
  // A refund asked for, pending, refused or questioned leaves the amount after it uncertain.
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

  it("reads a bracket that no promise governs as a cap", () => {
    expect(read("Refunds between $50 and $500 need a specialist.").refunds).toEqual([]);
  });
});

/**
 * Markdown tables, read by their column and row: a refund column or row binds, a price column or row
 * does not, and the parts of a refund are settled when they add up to it. Either way the reading is sure.
 */
const TABLES: [reply: string, refunds: number[]][] = [
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
];
const PRICE_TABLES: string[] = [
  "Here are the prices:\n\n| Model | Price |\n|---|---|\n| Classic | $49 |\n| Deluxe | $75 |",
  "| Order | Date | Total |\n|---|---|---|\n| #48213 | Mar 2 | $75.00 |",
];

describe("markdown tables", () => {
  it.each(TABLES)("%j → %j", (reply, expected) => {
    expect(read(reply)).toEqual({ refunds: expected, uncertain: [] });
  });

  it.each(PRICE_TABLES)("%j binds nothing and is sure of it", (reply) => {
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
