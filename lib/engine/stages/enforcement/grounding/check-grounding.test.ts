import { describe, expect, it } from "vitest";
import { checkGrounding, type FactCheck, type GroundingSourceKind } from "./check-grounding";

const PASSAGE =
  "Refunds are issued to the original card within 3-5 business days. Orders over $50.00 ship free. " +
  "Members get 15% off. Call us at +1 (555) 010-2000 or write to help@example.com. " +
  "The return window closed on March 1, 2024. See https://www.example.com/returns for details.";

const FAITHFUL =
  "Your refund goes back to your card within three to five days. Shipping is free above $50, members save " +
  "15 percent, and the return window closed on 2024-03-01. Questions? Call 555-010-2000, e-mail " +
  "help@example.com, or see example.com/returns.";

const ungroundedValues = (reply: string, sources: Parameters<typeof checkGrounding>[1]) =>
  checkGrounding(reply, sources, { unsupportedShareLimit: null }).ungrounded.map((f) => `${f.kind} ${f.value}`);

describe("checkGrounding", () => {
  it("does what its doc comment's example says", () => {
    const check = checkGrounding("Your refund of $75 arrives in 3-5 business days.", {
      passages: ["Refunds reach the card in three to five days."],
      toolOutputs: [{ order: "ORD-48213", refund: 75 }],
    });
    expect(check.grounded).toBe(true);
    expect(check.facts.map((f) => [f.kind, f.value, f.foundIn])).toEqual([
      ["money", "USD 75", "toolOutputs"],
      ["duration", "3-5 day", "passages"],
    ]);
  });

  it("passes a faithful answer that paraphrases every fact of its passage", () => {
    const check = checkGrounding(FAITHFUL, { passages: [PASSAGE] });
    expect(check.ungrounded).toEqual([]);
    expect(check.grounded).toBe(true);
    expect(check.facts.map((f) => f.kind)).toEqual(
      expect.arrayContaining(["duration", "money", "percent", "date", "phone", "email", "url"]),
    );
  });

  it("flags the same answer with one number changed, and only that number", () => {
    const changed = FAITHFUL.replace("above $50", "above $60");
    const check = checkGrounding(changed, { passages: [PASSAGE] });
    expect(check.grounded).toBe(false);
    expect(check.ungrounded.map((f) => `${f.kind} ${f.value} ${f.text}`)).toEqual(["money USD 60 $60"]);
  });

  it.each([
    ["money", "Shipping is free above seventy-five dollars.", "Free shipping on orders over $75.00."],
    ["duration", "It takes two weeks.", "Allow 14 days for delivery."],
    ["phone", "Call +44 20 7946 0958.", "Phone: 020 7946 0958"],
    ["date", "It closed on the 1st of March 2024.", "closed 03/01/2024"],
    ["percent", "Members save 50 %.", "Members pay half the price."],
    ["email", "Write to HELP@example.com.", "help@example.com"],
    ["url", "See http://example.com/returns/.", "https://www.example.com/returns"],
    ["code", "Your order ord 48213 is on its way.", "Order ORD-48213 shipped."],
    ["quantity", "It was seen by 4,280,000 viewers.", "viewed by 4.28 million people"],
    ["time", "We open at 9:00 a.m.", "Opening hours: 09:00-17:00"],
  ])("finds a %s written differently in a passage", (_kind, reply, passage) => {
    expect(ungroundedValues(reply, { passages: [passage] })).toEqual([]);
    expect(ungroundedValues(reply, { passages: ["Nothing about it here."] })).not.toEqual([]);
  });

  it("finds a fact in the customer's own words, a tool output, a variable or a rule", () => {
    const reply = "I've refunded $75 for order ORD-48213; it arrives in 3-5 business days.";
    expect(ungroundedValues(reply, {})).toHaveLength(3);
    const check = checkGrounding(
      reply,
      {
        customer: ["Hi, my order ORD-48213 arrived broken"],
        toolOutputs: [{ order: { refund_amount: 75, currency: "USD" } }],
        rules: ["Tell the customer refunds take 3-5 business days."],
      },
      { unsupportedShareLimit: null },
    );
    expect(check.grounded).toBe(true);
    const foundIn = Object.fromEntries(check.facts.map((f: FactCheck) => [f.kind, f.foundIn]));
    expect(foundIn).toEqual<Record<string, GroundingSourceKind>>({
      money: "toolOutputs",
      code: "customer",
      duration: "rules",
    });
    expect(ungroundedValues("Your plan renews at 20% off.", { variables: { discount_percent: 20 } })).toEqual([]);
  });

  it("needs the same currency, or a number with none", () => {
    expect(ungroundedValues("A refund of $50.", { passages: ["A refund of €50."] })).toEqual(["money USD 50"]);
    expect(ungroundedValues("A refund of $50.", { toolOutputs: ['{"refund": 50}'] })).toEqual([]);
  });

  it.each([
    ["a phone number's digits", "Call +1 415 555 0100.", "Refunds up to $100 are approved."],
    ["a duration", "Returns are accepted within 30 days.", "Your refund of $30 is approved."],
    ["a duration, for a percentage", "Returns are accepted within 30 days.", "You get 30% off."],
    ["a count of things", "We have 100 stores in 75 cities.", "Your refund of $75 is approved."],
    ["a product code", "Model X200 ships today.", "Your refund of $200 is approved."],
    ["a date", "Ships on 2027-03-04 at 9am.", "A fee of $9 applies."],
  ])("does not ground an amount by the number inside %s", (_, source, reply) => {
    expect(checkGrounding(reply, { passages: [source] }).grounded).toBe(false);
    expect(checkGrounding(reply, { toolOutputs: [{ note: source }] }).grounded).toBe(false);
  });

  it("grounds an amount by a number stated bare in a text", () => {
    expect(ungroundedValues("Refunds up to $50 are approved.", { passages: ["Refund limit: 50"] })).toEqual([]);
  });

  it("does not read a reply's own 'half' as a fact, but a source's grounds 50%", () => {
    expect(checkGrounding("You pay half.", { passages: [] }).facts).toEqual([]);
    expect(ungroundedValues("You pay 50%.", { passages: ["You pay half."] })).toEqual([]);
  });

  it("finds a hedged number by a source value that rounds to it, an exact one only by its value", () => {
    expect(ungroundedValues("It is about 4,000 miles long.", { passages: ["It is 3,976 miles long."] })).toEqual([]);
    expect(ungroundedValues("It is 4,000 miles long.", { passages: ["It is 3,976 miles long."] })).toEqual([
      "quantity 4000",
    ]);
  });

  it("finds a year or a month by a fuller date, not the other way", () => {
    expect(ungroundedValues("It opened in 2015.", { passages: ["It opened on June 3, 2015."] })).toEqual([]);
    expect(ungroundedValues("It opened in June 2015.", { passages: ["It opened on June 3, 2015."] })).toEqual([]);
    expect(ungroundedValues("It opened on June 3, 2015.", { passages: ["It opened in June 2015."] })).toEqual([
      "date 2015-06-03",
    ]);
  });

  it("does not count list markers and step numbers against a reply", () => {
    const reply = "Do this:\n1. Open Settings\n2. Pick Billing\n3. Press Save, then repeat step 2.";
    expect(checkGrounding(reply, { passages: ["Open Settings, pick Billing and press Save."] }).grounded).toBe(true);
  });

  it("reports unknown names and blocks on them only when asked", () => {
    const reply = "It is streaming on Netflix, Hulu and Peacock, says the report.";
    const sources = { passages: ["It is streaming on Netflix."] };
    const check = checkGrounding(reply, sources, { unsupportedShareLimit: null });
    expect(check.facts.filter((f) => f.kind === "name" && f.foundIn === null).map((f) => f.value)).toEqual([
      "Hulu and Peacock",
    ]);
    expect(check.grounded).toBe(true);
    expect(checkGrounding(reply, sources, { unsupportedShareLimit: null, nameWordsToBlock: 2 }).grounded).toBe(false);
    expect(
      checkGrounding("It flows into the Gulf of Mexico.", { passages: ["The Gulf of Mexico"] }, { nameWordsToBlock: 1 })
        .grounded,
    ).toBe(true);
  });

  it("flags a reply most of whose words come from no source", () => {
    const passage =
      "Safe places to walk are important community design elements. Activity-friendly routes connect " +
      "sidewalks, bike lanes and trails to everyday destinations such as schools, parks and shops.";
    const invented =
      "Make children wear helmets, knee pads and wrist guards, supervise them closely, encourage a warm-up " +
      "before intense games, keep them hydrated in hot weather and dress them in comfortable clothing.";
    const check = checkGrounding(invented, { passages: [passage] });
    expect(check.ungrounded).toEqual([]);
    expect(check.unsupported.over).toBe(true);
    expect(check.grounded).toBe(false);
    const faithful =
      "Safe places to walk matter: activity-friendly routes connect sidewalks, bike lanes and trails to " +
      "everyday destinations such as schools, parks and shops, which is an important community design element.";
    expect(checkGrounding(faithful, { passages: [passage] }).grounded).toBe(true);
  });
});
