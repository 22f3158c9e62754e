import { describe, expect, it } from "vitest";
import { mapIntentTokens } from "./map-intent-tokens";
import { tokenize } from "./text-tokens";

const map = (
  original: string,
  candidate: string,
  pairs = [] as { original_token: string; candidate_token: string }[],
) => mapIntentTokens(tokenize(original), tokenize(candidate), pairs);

describe("mapIntentTokens", () => {
  it("counts content tokens only: stopwords and request filler carry no intent", () => {
    const result = map("Can you please tell me what the weather forecast is?", "weather forecast");
    expect(result.mapping.map((m) => m.original_token)).toEqual(["weather", "forecast"]);
    expect(result.preservation).toBe(1);
  });

  it("maps by stem when the exact form differs", () => {
    expect(map("cheap flight", "cheap flights").mapping[1]).toEqual({
      original_token: "flight",
      candidate_token: "flights",
      via: "stem",
    });
  });

  it("maps a word to an equivalent phrase and a phrase to an equivalent word", () => {
    expect(map("news today", "news from the last 24 hours").mapping[1]).toMatchObject({
      candidate_token: "last 24 hours",
      via: "equivalence",
    });
    expect(map("refunds in the past 24 hours", "refunds today").preservation).toBe(1);
  });

  it("uses model-judged pairs only for what the table does not know", () => {
    const original = "What happened in crypto markets today?";
    const candidate = "What happened in digital asset markets in the past 24 hours?";
    expect(map(original, candidate).preservation).toBe(0.75);
    const judged = map(original, candidate, [{ original_token: "crypto", candidate_token: "digital asset" }]);
    expect(judged.preservation).toBe(1);
    expect(judged.mapping[1]).toEqual({ original_token: "crypto", candidate_token: "digital asset", via: "model" });
  });

  it("maps each candidate token once: a repeated original word needs a repeated candidate word", () => {
    const result = map("refund refund", "refund");
    expect(result.mapped).toBe(1);
    expect(result.unmapped.map((t) => t.norm)).toEqual(["refund"]);
  });

  it("an original with no content tokens preserves nothing", () => {
    expect(map("what is it?", "anything").preservation).toBe(0);
  });
});
