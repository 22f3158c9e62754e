import { describe, expect, it } from "vitest";
import { extractCheckableFacts } from "./extract-facts";

const values = (text: string, kind?: string) =>
  extractCheckableFacts(text)
    .filter((f) => kind === undefined || f.kind === kind)
    .map((f) => f.value);

describe("extractCheckableFacts", () => {
  it("reads an amount the same however it is written", () => {
    for (const text of [
      "a refund of $75",
      "a refund of 75 dollars",
      "a refund of seventy-five dollars",
      "USD 75.00 back",
    ]) {
      expect(values(text, "money")).toEqual(["USD 75"]);
    }
    expect(values("€1.250,50 in total", "money")).toEqual(["EUR 1250.5"]);
  });

  it("reads a duration the same in digits, words and units", () => {
    expect(values("It arrives in 3-5 business days.", "duration")).toEqual(["3-5 day"]);
    expect(values("It arrives in three to five days.", "duration")).toEqual(["3-5 day"]);
    expect(values("within 2 weeks", "duration")).toEqual(values("within 14 days", "duration"));
    expect(values("a 30-day window", "duration")).toEqual(["30 day"]);
    expect(values("You must be 18 years old.", "duration")).toEqual([]);
  });

  it("reads a phone number the same with or without its country code and punctuation", () => {
    expect(values("Call +1 (555) 010-2000 today", "phone")).toEqual(["5550102000"]);
    expect(values("Call 555-010-2000 today", "phone")).toEqual(["5550102000"]);
    expect(values("Call 555.010.2000", "phone")).toEqual(["5550102000"]);
  });

  it("reads dates in common formats as ISO 8601, ambiguous digit dates both ways", () => {
    for (const text of ["on March 1, 2018", "on 1 March 2018", "on the 1st of March 2018", "on 2018-03-01"]) {
      expect(values(text, "date")).toEqual(["2018-03-01"]);
    }
    expect(values("since October 1975", "date")).toEqual(["1975-10"]);
    expect(values("by March 5", "date")).toEqual(["--03-05"]);
    expect(extractCheckableFacts("due 03/04/2025").find((f) => f.kind === "date")?.readings).toEqual([
      "2025-03-04",
      "2025-04-03",
    ]);
    expect(values("at --deprecate-at 2023-11-16T08:00:00-06:00", "date")).toEqual(["2023-11-16"]);
    expect(values("It started in 2015.", "date")).toEqual(["2015"]);
    expect(extractCheckableFacts("delivered on 12/05").find((f) => f.kind === "date")?.readings).toEqual([
      "--12-05",
      "--05-12",
    ]);
    expect(values("open 24/7, half of it is 1/2", "date")).toEqual([]);
  });

  it("reads a percentage written with a sign, a spaced sign or the word", () => {
    expect(values("15 % off", "percent")).toEqual(["15%"]);
    expect(values("15% off", "percent")).toEqual(["15%"]);
    expect(values("15 percent off", "percent")).toEqual(["15%"]);
    expect(values("fifteen percent off", "percent")).toEqual(["15%"]);
  });

  it("reads e-mail addresses, URLs and codes in a normal form", () => {
    expect(values("Write to Support@Example.com.", "email")).toEqual(["support@example.com"]);
    expect(values("See https://www.example.com/returns/.", "url")).toEqual(["example.com/returns"]);
    expect(values("See www.example.com/returns", "url")).toEqual(["example.com/returns"]);
    expect(values("Your order ORD-48213 shipped.", "code")).toEqual(["ORD48213"]);
    expect(values("Your order #48213 shipped.", "code")).toEqual(["48213"]);
    expect(values("Update to v2.3.1 of the CLI.", "code")).toEqual(["V2.3.1"]);
    expect(values("the 18-to-49-year-old viewers", "code")).toEqual([]);
  });

  it("reads numbers with their noun, scale and hedge", () => {
    const [viewers] = extractCheckableFacts("It was seen by 4.28 million viewers.");
    expect(viewers).toMatchObject({ kind: "quantity", value: "4280000", unit: "viewers" });
    const [river] = extractCheckableFacts("It is about 4,000 miles long.");
    expect(river).toMatchObject({ kind: "quantity", value: "4000", approximate: true });
  });

  it("does not read list markers, step numbers or code examples as claims", () => {
    expect(values("1. Check the box\n2. Save\n3) Restart")).toEqual([]);
    expect(values("Causes: 1. Low quality 2. Endocrine problems")).toEqual([]);
    expect(values("Go back to Step 3 and pick option 2.")).toEqual([]);
    expect(values('```\n{ "age": { "$gt": 30 } }\n```')).toEqual([]);
  });

  it("gives the span of each fact in the text", () => {
    const text = "Refund: $75 by March 1, 2018.";
    for (const fact of extractCheckableFacts(text)) expect(text.slice(fact.start, fact.end)).toBe(fact.text);
  });

  it("reads names inside English sentences only", () => {
    expect(values("It flows into the Gulf of Mexico near New Orleans.", "name")).toEqual([
      "Gulf of Mexico",
      "New Orleans",
    ]);
    expect(values("**Payment History**: pay on time. Typically this helps.", "name")).toEqual([]);
    expect(extractCheckableFacts("Sie zahlen mit der Karte", "de").filter((f) => f.kind === "name")).toEqual([]);
  });
});
