import { describe, expect, it } from "vitest";
import { demoSenseRequest } from "@/test/support/demo-model-requests";
import { extractCountry, extractEntities, learnedPrefixes } from "./entities";

const demoFields = demoSenseRequest("").profileFields;

function entities(message: string, history: { role: "user" | "agent"; text: string }[] = [], step?: "ask_order") {
  const request = demoSenseRequest(message, { history, step });
  return extractEntities(request.profileFields, request);
}

describe("offline entity extraction", () => {
  it.each([
    ["I'm in France", "France"],
    ["shipping to Germany please", "Germany"],
    ["I'm Italian", "Italy"],
    ["we live in the United States of America", "United States"],
    ["sending it to the UK", "United Kingdom"],
    ["I'm in Papua New Guinea", "Papua New Guinea"],
    ["je suis à Côte d'Ivoire", "Ivory Coast"],
    ["ich wohne in Deutschland", "Germany"],
    ["I'm in Turkey", "Turkey"],
  ])("reads the country in %j as %s", (message, country) => {
    expect(extractCountry(message)).toBe(country);
  });

  it.each(["we're having turkey for dinner", "I bought china plates", "please polish it", "us too"])(
    "finds no country in %j",
    (message) => {
      expect(extractCountry(message)).toBeNull();
    },
  );

  it.each([
    ["refund for order 123", "123"],
    ["order #A-1042 arrived broken", "A-1042"],
    ["my order number is B77", "B77"],
    ["Order no. 5561 please", "5561"],
    ["open the sample2 pls", "sample2"],
  ])("reads the order id in %j as %s", (message, id) => {
    expect(entities(message).order_id).toBe(id);
  });

  it("takes no order id from 'my order and get refunded'", () => {
    expect(entities("I'd like to return my order and get refunded").order_id).toBeUndefined();
  });

  it("takes an id the agent listed a moment ago", () => {
    const history = [{ role: "agent" as const, text: "I found these orders: X9 ($24.00) and Z-12 ($42.50)." }];
    expect(entities("z-12 please", history).order_id).toBe("z-12");
  });

  it("takes a bare number when the step asks for the order", () => {
    expect(entities("456", [], "ask_order").order_id).toBe("456");
    expect(entities("456").order_id).toBeUndefined();
  });

  it.each([
    ["I'm a VIP", "vip"],
    ["as a gold member I expect better", "vip"],
    ["I'm premium", "vip"],
  ])("reads the tier in %j", (message, tier) => {
    expect(entities(message).tier).toBe(tier);
  });

  it("does not make a VIP out of a product name", () => {
    expect(entities("Is there a discount on the premium plan?").tier).toBeUndefined();
  });

  it("extracts e-mail, number and date fields by type", () => {
    const fields = [
      { fieldName: "email", description: "Contact address", fieldType: "string", extractionHints: [] },
      { fieldName: "quantity", description: "How many", fieldType: "number", extractionHints: ['"quantity: 3"'] },
      { fieldName: "purchase_date", description: "When", fieldType: "date", extractionHints: [] },
      {
        fieldName: "is_student",
        description: "Student",
        fieldType: "boolean",
        extractionHints: ["Look for 'student'"],
      },
    ];
    const request = demoSenseRequest("");
    const found = extractEntities(fields, {
      ...request,
      message: "Mail me at Jo.Doe+x@example.co.uk, quantity: 3, bought 2025-03-02, I'm a student",
    });
    expect(found).toEqual({
      email: "Jo.Doe+x@example.co.uk",
      quantity: 3,
      purchase_date: "2025-03-02",
      is_student: true,
    });
  });

  it("learns 'prefix + value' patterns from quoted hint examples", () => {
    expect(learnedPrefixes(['"order 123", "order #A-1042", "my order number is …"'])).toEqual([
      "my order number is",
      "order",
    ]);
    const fields = [
      { fieldName: "ticket", description: "Support ticket", fieldType: "string", extractionHints: ['"ticket T-99"'] },
    ];
    expect(extractEntities(fields, { message: "about ticket T-4711", history: [], activeStep: null })).toEqual({
      ticket: "T-4711",
    });
  });

  it("only returns declared fields", () => {
    const request = demoSenseRequest("I'm in France, order 123, VIP");
    expect(Object.keys(extractEntities(demoFields.slice(0, 1), request))).toEqual(["country"]);
  });
});
