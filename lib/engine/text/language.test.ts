import { describe, expect, it } from "vitest";
import { detectLanguage, languageName } from "./language";
import { LANGUAGE_SAMPLES } from "./language-samples";

// The detector decides a language other than the default only on evidence (language.ts); the
// floors below are what it measures on the samples (45 of 48), so a change that loses them fails.

describe("detectLanguage", () => {
  it("names most French, German and Spanish customer messages, and never the wrong one of the three", () => {
    for (const [code, texts] of Object.entries(LANGUAGE_SAMPLES)) {
      const found = texts.map((text) => detectLanguage(text).language);
      expect(found.filter((language) => language === code).length).toBeGreaterThanOrEqual(texts.length - 2);
      expect(found.filter((language) => language !== null && language !== code && language !== "en")).toEqual([]);
    }
  });

  it("reads short English requests that a character-statistics detector calls Danish or French as English or not clear", () => {
    for (const text of [
      "start a timer for 15 minutes",
      "italy travel warnings",
      "refund status",
      "track parcel 5521",
      "is my card blocked",
      "cancel the order please",
      "transfer forty dollars to savings",
    ]) {
      expect([null, "en"]).toContain(detectLanguage(text).language);
    }
  });

  it("knows languages of their own script", () => {
    expect(detectLanguage("Где мой заказ? Я жду уже две недели").language).toBe("ru");
    expect(detectLanguage("注文した商品がまだ届いていません").language).toBe("ja");
    expect(detectLanguage("Πού είναι η παραγγελία μου;").language).toBe("el");
  });

  it("says when the text does not say: one word, numbers, an order id", () => {
    expect(detectLanguage("merci").language).toBeNull();
    expect(detectLanguage("123-4567").language).toBeNull();
    expect(detectLanguage("").by).toBe("undetermined");
  });

  it("names a language for prompts", () => {
    expect(languageName("de")).toBe("German");
  });
});
