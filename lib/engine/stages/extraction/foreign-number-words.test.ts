import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import { foreignWordsToNumber } from "./foreign-number-words";
import { extractMoney } from "./money";

describe("French, German and Spanish amounts in words", () => {
  it.each([
    ["soixante-quinze euros", 75],
    ["quatre-vingt-dix-neuf euros", 99],
    ["vingt et un euros", 21],
    ["deux cents euros", 200],
    ["mille deux cents euros", 1200],
    ["fünfundsiebzig Euro", 75],
    ["zweihundertfünfzig Euro", 250],
    ["funfzig Euro", 50],
    ["sechzehn Euro", 16],
    ["eintausendzweihundert Euro", 1200],
    ["setenta y cinco euros", 75],
    ["ciento veinte dólares", 120],
    ["dos mil quinientos dólares", 2500],
    ["doscientas libras", 200],
  ])("%s → %d", (text, amount) => {
    expect(extractMoney(text).map((m) => m.amount)).toEqual([amount]);
  });

  it("reads the currency and the thousands dot as these languages write them", () => {
    expect(extractMoney("drei Pfund")[0]?.code).toBe("GBP");
    expect(extractMoney("1.500 €").map((m) => m.amount)).toEqual([1500]);
    expect(extractMoney("1.500,50 €").map((m) => m.amount)).toEqual([1500.5]);
  });

  it("leaves words that are not numbers alone", () => {
    expect(foreignWordsToNumber("einstein")).toBeNull();
    expect(foreignWordsToNumber("remboursement")).toBeNull();
    // English words these languages share need a currency word after them to be money.
    expect(extractMoney("Once we refund it, six of them ship.")).toEqual([]);
  });

  it("does not backtrack for long on a long run of German number parts", () => {
    expect(cpuMillis(() => extractMoney(`${"einseins".repeat(2000)}x Euro`))).toBeLessThan(1000);
  });
});
