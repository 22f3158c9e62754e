import { describe, expect, it } from "vitest";
import { keyFromName, variableNameFromLabel } from "./key-from-name";

describe("key suggestions", () => {
  it("hyphenate agent, rule and scenario keys", () => {
    expect(keyFromName("Refunds above $50 need a specialist!")).toBe("refunds-above-50-need-a-specialist");
    expect(keyFromName("  Élan  ")).toBe("elan");
  });
  it("underscore tool and step keys", () => {
    expect(keyFromName("Look up order", "_")).toBe("look_up_order");
    expect(keyFromName("  Prix – Catalogue é!", "_")).toBe("prix_catalogue_e");
    expect(keyFromName("  Vérifier l'éligibilité ", "_")).toBe("verifier_l_eligibilite");
  });
  it("cut at 64 characters without a trailing separator", () => {
    const key = keyFromName(`${"a".repeat(63)} b`);
    expect(key).toBe("a".repeat(63));
  });
  it("start variable names with a letter", () => {
    expect(variableNameFromLabel("2024 Loyalty tier (gold)")).toBe("loyalty_tier_gold");
  });
});
