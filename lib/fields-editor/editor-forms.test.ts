import { describe, expect, it } from "vitest";
import { nameFromLabel, profileFieldFromForm, variableFromForm } from "./editor-forms";

describe("nameFromLabel", () => {
  it("makes a CEL identifier from a display name", () => {
    expect(nameFromLabel("Loyalty tier")).toBe("loyalty_tier");
    expect(nameFromLabel("Pays by café card (2024)!")).toBe("pays_by_cafe_card_2024");
    expect(nameFromLabel("  2nd address")).toBe("nd_address");
    expect(nameFromLabel("---")).toBe("");
  });

  it("stays within 64 characters without a trailing underscore", () => {
    const name = nameFromLabel(`${"a".repeat(63)} b`);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name.endsWith("_")).toBe(false);
  });
});

describe("forms to entities", () => {
  it("drops blank rows and trims the name, keeping rules as typed", () => {
    const field = profileFieldFromForm({
      field_name: " tier ",
      display_name: "Tier",
      description: "",
      field_type: "string",
      validation_rules: [" value != ''", "  ", ""],
      extraction_hints: ["", "VIP"],
    });
    expect(field).toMatchObject({ field_name: "tier", validation_rules: [" value != ''"], extraction_hints: ["VIP"] });
    expect(variableFromForm({ name: "x", type: "boolean", description: "", patterns: ["", "a"] }).patterns).toEqual([
      "a",
    ]);
  });
});
