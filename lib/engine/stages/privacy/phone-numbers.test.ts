import { describe, expect, it } from "vitest";
import { phoneNumberDetector } from "./phone-numbers";

const us = phoneNumberDetector("US");
const values = (text: string, detect = us) => detect(text).map((m) => m.value);

describe("phone numbers", () => {
  it("finds +country numbers whatever the default region, normalised to E.164", () => {
    const [found] = us("call me on +44 20 7946 0958 please");
    expect(found?.value).toBe("+44 20 7946 0958");
    expect(found?.normalized).toBe("+442079460958");
  });

  it("reads a 00 international prefix as +", () => {
    expect(us("ring 0049 30 901820 tomorrow").map((m) => [m.value, m.normalized])).toEqual([
      ["0049 30 901820", "+4930901820"],
    ]);
    expect(us("fax 001-253-366-9781")[0]?.normalized).toBe("+12533669781");
    expect(us("0033 1 84 17 61 18")[0]?.normalized).toBe("+33184176118");
  });

  it("takes numbers a plan would call unassigned when written with a country code", () => {
    // Test and fiction ranges (NANP exchanges starting with 1, Ofcom's 07700 9xx) are still someone's text.
    expect(values("+1-984-182-0190, +447700 921 916")).toEqual(["+1-984-182-0190", "+447700 921 916"]);
    expect(values("+46 (0)157 548 89 and +44(0)1632 960123")).toEqual(["+46 (0)157 548 89", "+44(0)1632 960123"]);
  });

  it.each([
    ["DE", ["030 901820", "030/9018203", "0151 2345 6789", "+49 30 901820"]],
    ["FR", ["01 84 17 61 18", "03.93.92.16.85", "06-12-34-56-78", "+33 (0)1 84 17 61 18"]],
    ["ES", ["699 956 915", "912 34 56 78", "+34 699 95 69 15"]],
    ["IT", ["0393 1144137", "347 123 4567", "+39 02 1234 5678"]],
    ["NL", ["020-123 4567", "06-12345678", "+31(0)612 345678"]],
    ["UK", ["020 7946 0958", "07700 063 966", "(01632) 960123", "+44 20 7946 0958"]],
    ["US", ["(415) 555-2671", "415.555.2671", "905-674-3793", "467 3395", "+1 415 555 2671"]],
    ["IN", ["098765 43210", "98765-43210", "+91 98765 43210"]],
    ["BR", ["(11) 98765-4321", "(011) 98765-4321", "+55 11 98765 4321"]],
    ["JP", ["03-1234-5678", "090-1234-5678", "+81 3-1234-5678"]],
  ])("reads %s numbers as people write them", (_country, numbers) => {
    for (const number of numbers) expect(values(`my number is ${number}, thanks`)).toEqual([number]);
  });

  it("keeps an extension in the match", () => {
    expect(values("desk (898)666-3621x0135")).toEqual(["(898)666-3621x0135"]);
    expect(us("fax 259.735.7502 ext. 459")[0]?.normalized).toBe("2597357502;ext=459");
  });

  it("reads a label after a dash as the phone's, not an identifier's", () => {
    expect(values("(37) 788-063-Office, 07700 063 966-Fax")).toEqual(["(37) 788-063", "07700 063 966"]);
  });

  it("splits two numbers written one after the other", () => {
    expect(values("0490 75 40 81 / 0494 92 82 32")).toEqual(["0490 75 40 81", "0494 92 82 32"]);
    expect(values("0490 75 40 81 0494 92 82 32")).toEqual(["0490 75 40 81", "0494 92 82 32"]);
  });

  it("reads a bare run when the region's plan allows it, a phone word names it, or it starts with a trunk 0", () => {
    expect(us("4155552671")[0]?.normalized).toBe("+14155552671");
    expect(values("Phone:\n28646698")).toEqual(["28646698"]);
    expect(values("mobile 9876543210")).toEqual(["9876543210"]);
    expect(values("07700900123 or 0612345678")).toEqual(["07700900123", "0612345678"]);
    expect(values("28646698")).toEqual([]);
  });

  it("gives the same number written two ways one normalised value", () => {
    const [spaced] = us("01 84 17 61 18");
    const [dotted] = us("01.84.17.61.18");
    expect(dotted?.normalized).toBe(spaced?.normalized);
  });

  it("refuses short numbers and numbers of zeros", () => {
    expect(values("order 12345")).toEqual([]);
    expect(values("(000) 000-0000")).toEqual([]);
    expect(values("call 555 12")).toEqual([]);
  });

  it("reads national numbers for a region it does not know, bare runs only with a trunk 0", () => {
    const unknown = phoneNumberDetector("QQ");
    expect(values("(415) 555-2671", unknown)).toEqual(["(415) 555-2671"]);
    expect(values("+1 415 555 2671", unknown)).toEqual(["+1 415 555 2671"]);
    expect(values("4155552671", unknown)).toEqual([]);
  });
});
