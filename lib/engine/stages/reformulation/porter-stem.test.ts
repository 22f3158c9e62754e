import { describe, expect, it } from "vitest";
import { porterStem } from "./porter-stem";

describe("porterStem", () => {
  // Examples from Porter's 1980 paper, step by step.
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["sing", "sing"],
    ["conflated", "conflat"],
    ["hopping", "hop"],
    ["falling", "fall"],
    ["hissing", "hiss"],
    ["filing", "file"],
    ["happy", "happi"],
    ["relational", "relat"],
    ["generalization", "gener"],
    ["hopeful", "hope"],
    ["goodness", "good"],
    ["revival", "reviv"],
    ["allowance", "allow"],
    ["adjustable", "adjust"],
    ["adoption", "adopt"],
    ["probate", "probat"],
    ["rate", "rate"],
    ["controlling", "control"],
    ["roll", "roll"],
  ])("%s → %s", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it("gives inflections of one goal word the same stem", () => {
    expect(porterStem("markets")).toBe(porterStem("market"));
    expect(porterStem("happened")).toBe(porterStem("happen"));
    expect(porterStem("cryptocurrencies")).toBe(porterStem("cryptocurrency"));
    expect(porterStem("days")).toBe(porterStem("day"));
  });

  it("leaves short words, numbers and non-ASCII alone", () => {
    expect(porterStem("is")).toBe("is");
    expect(porterStem("2024")).toBe("2024");
    expect(porterStem("café")).toBe("café");
  });
});
