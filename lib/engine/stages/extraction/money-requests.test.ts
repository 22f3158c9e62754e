import { describe, expect, it } from "vitest";
import demo from "../../../demo/refund-desk.bundle.json";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { extractResponseVariables } from "./extract-response-variables";

// An amount asked for, handed on or awaiting someone's decision is no promise; one the agent grants is.
const variables = snapshotFromBundle(demo).responseVariables;
const refunds = (reply: string) => extractResponseVariables(reply, variables).values.refund_amount ?? [];

describe("amounts asked for", () => {
  it.each([
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
  ])("%j binds nothing", (reply) => {
    expect(refunds(reply)).toEqual([]);
  });

  it.each([
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
  ])("%j is granted or offered: %j", (reply, expected) => {
    expect(refunds(reply)).toEqual(expected);
  });
});
