import { describe, expect, it } from "vitest";
import { parseGenerate } from "./schemas";

describe("parseGenerate", () => {
  it("reads the reply and its claims from the structured output", () => {
    expect(parseGenerate(JSON.stringify({ reply: " $40 back. ", claims: { refund_amount: null } }))).toEqual({
      ok: true,
      value: { text: "$40 back.", claims: { refund_amount: null } },
    });
  });

  it.each([
    ["a bare number", "75", "75"],
    ["a JSON string", JSON.stringify("Refund. $75"), "Refund. $75"],
    ["an array", '["Refund", 75]', '["Refund", 75]'],
    ["true", "true", "true"],
    ["null", "null", "null"],
    ["plain text", "Refund. $75", "Refund. $75"],
  ])("takes %s as the reply text with no claims, never a failed generation", (_, content, text) => {
    const parsed = parseGenerate(content);
    expect(parsed).toEqual({ ok: true, value: { text } });
  });

  it("fails an object without a reply: the schema half-followed", () => {
    expect(parseGenerate(JSON.stringify({ claims: {} }))).toMatchObject({ ok: false });
  });
});
