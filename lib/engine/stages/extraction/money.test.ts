import { describe, expect, it } from "vitest";
import { canonicalizeMoney, extractCounts, extractMoney, extractPercentages, formatMoney } from "./money";
import { parseNumber, parseNumberOrWords, wordsToNumber } from "./numbers";

const amounts = (text: string) => extractMoney(text).map((c) => [c.amount, c.currency]);

describe("extractMoney", () => {
  it.each([
    ["$75", 75, "USD"],
    ["$ 75.00", 75, "USD"],
    ["75 USD", 75, "USD"],
    ["USD 75,00", 75, "USD"],
    ["US$80", 80, "USD"],
    ["€75", 75, "EUR"],
    ["99,- €", 99, "EUR"],
    ["€ 75,–", 75, "EUR"],
    ["120.-- EUR", 120, "EUR"],
    ["75 EUR", 75, "EUR"],
    ["75$", 75, "USD"],
    ["75 dollars", 75, "USD"],
    ["1 dollar", 1, "USD"],
    ["£20", 20, "GBP"],
    ["20 quid", 20, "GBP"],
    ["ten pounds sterling", 10, "GBP"],
    ["$1,250.50", 1250.5, "USD"],
    ["1.250,50 EUR", 1250.5, "EUR"],
    ["$75,000", 75000, "USD"],
    ["seventy-five dollars", 75, "USD"],
    ["seventy five dollars", 75, "USD"],
    ["a hundred and twenty dollars", 120, "USD"],
    ["one thousand two hundred fifty dollars", 1250, "USD"],
    ["twelve hundred dollars", 1200, "USD"],
    ["fifty bucks", 50, "USD"],
    ["twenty euros", 20, "EUR"],
    ["$2k", 2000, "USD"],
    ["$1.5 million", 1500000, "USD"],
    ["3 thousand dollars", 3000, "USD"],
    ["80 US dollars and 50 cents", 80.5, "USD"],
    ["ten dollars and ninety-nine cents", 10.99, "USD"],
    ["fifty cents", 0.5, "USD"],
    ["99¢", 0.99, "USD"],
    ["a 60-dollar refund", 60, "USD"],
    ["$75 USD", 75, "USD"],
    ["C$75", 75, null],
    ["75 Canadian dollars", 75, null],
  ])("%s → %d %s", (text, amount, currency) => {
    expect(amounts(text)).toEqual([[amount, currency]]);
  });

  it("finds every amount in one reply, in order, with where each is written", () => {
    const claims = extractMoney("I can refund $30 now, 45 dollars next week and seventy-five dollars later.");
    expect(claims).toEqual([
      { amount: 30, currency: "USD", code: "USD", text: "$30", index: 13 },
      { amount: 45, currency: "USD", code: "USD", text: "45 dollars", index: 22 },
      { amount: 75, currency: "USD", code: "USD", text: "seventy-five dollars", index: 47 },
    ]);
  });

  it("does not read numbers that are not money as money", () => {
    for (const text of [
      "order 7500",
      "20% off",
      "3 orders",
      "a refund",
      "one of our agents",
      "call 555-0100",
      "in 2 days",
      "abc$75",
      "version 1.250",
    ]) {
      expect(extractMoney(text), text).toEqual([]);
    }
  });

  it.each([
    ["C$75", 75, "CAD"],
    ["75 Canadian dollars", 75, "CAD"],
    ["¥5000", 5000, "JPY"],
    ["5000 yen", 5000, "JPY"],
    ["₹900", 900, "INR"],
    ["CHF 80", 80, "CHF"],
    ["80 swiss francs", 80, "CHF"],
    ["R$ 300", 300, "BRL"],
    ["75 dólares", 75, "USD"],
    ["75 €", 75, "EUR"],
    ["$  75", 75, "USD"],
    ["$ 1 250", 1250, "USD"],
    ["1 250,50 €", 1250.5, "EUR"],
    ["CHF 1'250", 1250, "CHF"],
  ])("%s → %d in %s", (text, amount, code) => {
    expect(extractMoney(text).map((c) => [c.amount, c.code])).toEqual([[amount, code]]);
  });

  it("keeps amounts in other currencies as written when it canonicalizes", () => {
    expect(canonicalizeMoney("¥5000 refund and CHF 80 back")).toBe("¥5000 refund and CHF 80 back");
  });

  it.each([
    ["3 x $25", 75, "3 x $25"],
    ["2x $40", 80, "2x $40"],
    ["$30 × 3", 90, "$30 × 3"],
    ["$20 times 4", 80, "$20 times 4"],
    ["50 + 25 dollars", 75, "50 + 25 dollars"],
    ["sixty plus fifteen dollars", 75, "sixty plus fifteen dollars"],
    ["7 5 dollars", 75, "7 5 dollars"],
    ["$ 9 9", 99, "$ 9 9"],
    ["7,500 cents", 75, "7,500 cents"],
    ["9000¢", 90, "9000¢"],
    ["$ seventy-five", 75, "$ seventy-five"],
    ["usd eighty", 80, "usd eighty"],
    ["(seventy five) dollars", 75, "seventy five) dollars"],
    ["$7.5e1", 75, "$7.5e1"],
  ])("reads the whole expression %s as one amount", (text, amount, written) => {
    expect(extractMoney(text).map((c) => [c.amount, c.text])).toEqual([[amount, written]]);
  });

  it("keeps two amounts joined by plus apart, and reads no sum into a number of days", () => {
    expect(amounts("$50 plus $25")).toEqual([
      [50, "USD"],
      [25, "USD"],
    ]);
    expect(amounts("$25 plus 5 days of shipping")).toEqual([[25, "USD"]]);
    expect(amounts("$1 250 in total")).toEqual([[1250, "USD"]]);
  });

  it("does not let a trailing $ swallow the next amount", () => {
    expect(amounts("3 $25 gift cards")).toEqual([[25, "USD"]]);
  });
});

describe("canonicalizeMoney", () => {
  it.each([
    ["seventy-five dollars refund", "$75 refund"],
    ["USD 75,00 back", "$75 back"],
    ["75$ refund", "$75 refund"],
    ["a refund of 75 dollars", "a refund of $75"],
    ["$ 1,250.50 back", "$1250.50 back"],
    ["fifty bucks back", "$50 back"],
    ["a 60-dollar refund", "a $60 refund"],
    ["€75 refund", "€75 refund"],
    ["20 pounds back", "£20 back"],
    ["C$75 back", "$75 back"],
    ["20% back", "20% back"],
    ["3 orders", "3 orders"],
  ])("%s → %s", (text, expected) => {
    expect(canonicalizeMoney(text)).toBe(expected);
  });

  it("lets a designer's $ pattern see every form", () => {
    const pattern = /\$\s?(\d[\d,]*(?:\.\d{1,2})?)\s+(?:refund|back)\b/gi;
    const seen = (text: string) => [...canonicalizeMoney(text).matchAll(pattern)].map((m) => Number(m[1]));
    expect(seen("seventy-five dollars refund, USD 75,00 back, 75$ refund and 75 USD back")).toEqual([75, 75, 75, 75]);
  });

  it("formats cents only when there are some", () => {
    expect(formatMoney({ amount: 75, currency: "USD" })).toBe("$75");
    expect(formatMoney({ amount: 75.5, currency: "EUR" })).toBe("€75.50");
    expect(formatMoney({ amount: 0.05, currency: null })).toBe("$0.05");
  });
});

describe("extractPercentages", () => {
  it("finds digits and words, and is not money", () => {
    const text = "20% off, 12.5 % more, twenty percent, 5 per cent and 3 pct";
    expect(extractPercentages(text).map((p) => p.value)).toEqual([20, 12.5, 20, 5, 3]);
    expect(extractMoney(text)).toEqual([]);
  });
});

describe("extractCounts", () => {
  it("finds counted things but not money, percentages or filler words", () => {
    expect(
      extractCounts("3 orders and two items cost $5 each; 20% of 4 of them; 1,250 boxes").map((c) => [c.count, c.noun]),
    ).toEqual([
      [3, "orders"],
      [2, "items"],
      [1250, "boxes"],
    ]);
  });
});

describe("parseNumber", () => {
  it.each([
    ["75", 75],
    ["75.5", 75.5],
    ["75,00", 75],
    ["7,5", 7.5],
    ["1,250", 1250],
    ["75,000", 75000],
    ["1,250.50", 1250.5],
    ["1.250,50", 1250.5],
    ["1.250.000", 1250000],
    ["12,34,567", 1234567],
    ["1,200,000.99", 1200000.99],
    ["75,", 75],
    [" 75 ", 75],
  ])("%s → %d", (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it.each(["", "abc", "$75", "1.2.3", "-5"])("%s is not a number", (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe("wordsToNumber", () => {
  it.each([
    ["seventy-five", 75],
    ["a hundred and twenty", 120],
    ["one thousand two hundred fifty", 1250],
    ["twelve hundred", 1200],
    ["two million", 2000000],
    ["zero", 0],
  ])("%s → %d", (text, expected) => {
    expect(wordsToNumber(text)).toBe(expected);
  });

  it("rejects words that are not numbers", () => {
    expect(wordsToNumber("seventy apples")).toBeNull();
    expect(parseNumberOrWords("seventy apples")).toBeNull();
    expect(parseNumberOrWords("fifty-five")).toBe(55);
  });
});
