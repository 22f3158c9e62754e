import { describe, expect, it } from "vitest";
import { PrivacySettings } from "../../contracts/privacy-settings";
import { detectorsFor, detectPii } from "./detect-pii";
import { maskPii } from "./mask-pii";

const settings = (partial: object = {}) => PrivacySettings.config.parse(partial);

describe("detectPii", () => {
  it("gives a card to the card detector, not the phone finder, and keeps text order", () => {
    const found = detectPii("mail a@b.io, card 4111 1111 1111 1111", detectorsFor(settings()));
    expect(found.map((m) => m.label)).toEqual(["EMAIL", "CARD"]);
  });

  it("keeps the longer of two overlapping matches", () => {
    const text = "ref ORD-4111111111111111";
    const found = detectPii(text, detectorsFor(settings({ patterns: [{ name: "order_ref", pattern: "ORD-[0-9]+" }] })));
    expect(found.map((m) => [m.label, m.value])).toEqual([["ORDER_REF", "ORD-4111111111111111"]]);
  });

  it("masks only the kinds turned on", () => {
    const text = "a@b.io and 4111 1111 1111 1111";
    expect(maskPii(text, settings({ mask: ["card"] })).text).toBe("a@b.io and [CARD_1]");
    expect(maskPii(text, settings({ mask: [] })).text).toBe(text);
  });

  it("gives the same value the same placeholder, and another value the next number", () => {
    const masked = maskPii("4111 1111 1111 1111, 4111-1111-1111-1111, 5555 5555 5555 4444", settings());
    expect(masked.text).toBe("[CARD_1], [CARD_1], [CARD_2]");
  });

  it("refuses an unknown kind and a pattern RE2 cannot run", () => {
    expect(PrivacySettings.input.safeParse({ mask: ["passport"] }).success).toBe(false);
    expect(PrivacySettings.input.safeParse({ patterns: [{ name: "x", pattern: "(?=a)" }] }).success).toBe(false);
    expect(PrivacySettings.input.safeParse({ patterns: [{ name: "card", pattern: "a" }] }).success).toBe(false);
  });
});
