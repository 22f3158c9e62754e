import { describe, expect, it } from "vitest";
import demo from "../../../demo/refund-desk.bundle.json";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { extractResponseVariables } from "./extract-response-variables";

// A range offers its upper end and a correction its later amount: one promise, not two payments.
const variables = snapshotFromBundle(demo).responseVariables;
const refunds = (reply: string) => extractResponseVariables(reply, variables).values.refund_amount ?? [];

describe("ranges, upper bounds and corrections", () => {
  it.each([
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
  ])("%j → %j", (reply, expected) => {
    expect(refunds(reply)).toEqual(expected);
  });

  it("reads a bracket that no promise governs as a cap", () => {
    expect(refunds("Refunds between $50 and $500 need a specialist.")).toEqual([]);
  });
});
