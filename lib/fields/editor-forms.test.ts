import { describe, expect, it } from "vitest";
import { variableNameFromLabel } from "@/lib/keys/key-from-name";
import { NEW_VARIABLE, profileFieldFromForm, variableFromForm, variableToForm } from "./editor-forms";
import { contextWordProblem, currencyProblem, rateRowProblem } from "./money-form";
import { phraseProblem } from "./phrases-form";

describe("variableNameFromLabel", () => {
  it("makes a CEL identifier from a display name", () => {
    expect(variableNameFromLabel("Loyalty tier")).toBe("loyalty_tier");
    expect(variableNameFromLabel("Pays by café card (2024)!")).toBe("pays_by_cafe_card_2024");
    expect(variableNameFromLabel("  2nd address")).toBe("nd_address");
    expect(variableNameFromLabel("---")).toBe("");
  });

  it("stays within 64 characters without a trailing underscore", () => {
    const name = variableNameFromLabel(`${"a".repeat(63)} b`);
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
    expect(variableFromForm({ ...NEW_VARIABLE, name: "x", type: "boolean", patterns: ["", "a"] }).patterns).toEqual([
      "a",
    ]);
  });

  it("sends a money variable's currency, words and rates, and drops them for other types", () => {
    const form = {
      ...NEW_VARIABLE,
      name: "refund_amount",
      type: "money" as const,
      currency: " usd ",
      context_words: ["refund", " ", " back "],
      rates: ["eur 1.08", "GBP 1,27", ""],
    };
    expect(variableFromForm(form)).toEqual({
      name: "refund_amount",
      type: "money",
      description: "",
      patterns: [],
      currency: "USD",
      context_words: ["refund", "back"],
      rates: { EUR: 1.08, GBP: 1.27 },
    });
    expect(variableFromForm({ ...form, type: "number" })).toEqual({
      name: "refund_amount",
      type: "number",
      description: "",
      patterns: [],
    });
    expect(variableToForm(variableFromForm(form))).toMatchObject({ currency: "USD", rates: ["EUR 1.08", "GBP 1.27"] });
  });

  it("sends limit words only when there are some", () => {
    const form = { ...NEW_VARIABLE, name: "r", type: "money" as const, currency: "USD", context_words: ["refund"] };
    expect(variableFromForm({ ...form, limit_words: [" ", ""] })).not.toHaveProperty("limit_words");
    expect(variableFromForm({ ...form, limit_words: [" allowance ", ""] }).limit_words).toEqual(["allowance"]);
    expect(variableFromForm({ ...form, type: "number", limit_words: ["allowance"] })).not.toHaveProperty("limit_words");
  });

  it("sends a phrases variable's names trimmed, without blank rows, and drops them for other types", () => {
    const form = {
      ...NEW_VARIABLE,
      name: "rival",
      type: "phrases" as const,
      phrases: [" QuickCart ", "", "Acme Retail"],
    };
    expect(variableFromForm(form)).toEqual({
      name: "rival",
      type: "phrases",
      description: "",
      patterns: [],
      phrases: ["QuickCart", "Acme Retail"],
    });
    expect(variableFromForm({ ...form, type: "boolean" })).not.toHaveProperty("phrases");
    expect(variableToForm(variableFromForm(form)).phrases).toEqual(["QuickCart", "Acme Retail"]);
  });

  it("checks names inline with the bundle's schema", () => {
    expect(phraseProblem("")).toBeNull();
    expect(phraseProblem("QuickCart")).toBeNull();
    expect(phraseProblem("x".repeat(201))).toBe("A name is at most 200 characters");
  });

  it("checks money fields inline with the bundle's schemas", () => {
    expect(currencyProblem("")).toMatch(/needs a currency/);
    expect(currencyProblem("dollars")).toMatch(/three-letter ISO 4217 code/);
    expect(currencyProblem("usd")).toBeNull();
    expect(contextWordProblem("$ back")).toMatch(/no digits or currency signs/);
    expect(rateRowProblem("EUR abc", "USD")).toMatch(/as a number/);
    expect(rateRowProblem("USD 1", "USD")).toMatch(/own currency/);
    expect(rateRowProblem("EUR 0", "USD")).toMatch(/above 0/);
    expect(rateRowProblem("EUR 1.08", "USD")).toBeNull();
  });
});
