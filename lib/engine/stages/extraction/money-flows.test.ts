import { describe, expect, it } from "vitest";
import demo from "../../../demo/refund-desk.bundle.json";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { extractResponseVariables } from "./extract-response-variables";

// Money given, sent or credited to the customer binds with no context word near it; money going out,
// sitting still or the price of a thing does not.
const variables = snapshotFromBundle(demo).responseVariables;
const refunds = (reply: string) => extractResponseVariables(reply, variables).values.refund_amount ?? [];

describe("money paid back without the word refund", () => {
  it.each([
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
  ])("%j → %j", (reply, expected) => {
    expect(refunds(reply)).toEqual(expected);
  });

  it.each([
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
  ])("%j binds nothing", (reply) => {
    expect(refunds(reply)).toEqual([]);
  });
});
