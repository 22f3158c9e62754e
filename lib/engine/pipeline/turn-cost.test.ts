import { describe, expect, it } from "vitest";
import { DEFAULT_MODEL_PRICES, priceOf } from "../contracts/pricing-settings";
import { turnCostUsd } from "./turn-cost";

describe("turnCostUsd", () => {
  it("prices each model's input, cached input and output tokens per million", () => {
    // gpt-4o-mini: 0.15 in, 0.075 cached, 0.60 out. 1,200 in (200 cached) and 300 out:
    // 1,000 × 0.15 + 200 × 0.075 + 300 × 0.60 = 150 + 15 + 180 = 345 millionths.
    const cost = turnCostUsd({ "gpt-4o-mini": { inputTokens: 1200, outputTokens: 300, cachedInputTokens: 200 } }, {});
    expect(cost).toBe(0.000345);
  });

  it("adds the models of one turn, the agent's prices over the built-in ones", () => {
    const cost = turnCostUsd(
      {
        "gpt-4o-mini-2024-07-18": { inputTokens: 1_000_000, outputTokens: 0 },
        "local-llama": { inputTokens: 500_000, outputTokens: 500_000 },
      },
      { "local-llama": { input_per_million: 1, output_per_million: 3 } },
    );
    expect(cost).toBe(0.15 + 0.5 + 1.5);
  });

  it("is 0 for the offline provider and for a turn without tokens, and unknown when a used model has no price", () => {
    expect(turnCostUsd({ offline: { inputTokens: 900, outputTokens: 120 } }, {})).toBe(0);
    expect(turnCostUsd({}, {})).toBe(0);
    expect(turnCostUsd({ "mystery-model": { inputTokens: 10, outputTokens: 0 } }, {})).toBeNull();
    expect(turnCostUsd({ "mystery-model": { inputTokens: 0, outputTokens: 0 } }, {})).toBe(0);
  });
});

describe("priceOf", () => {
  it("finds a dated snapshot by its longest base name, never a shorter sibling's price", () => {
    expect(priceOf("gpt-4o-mini-2024-07-18", {})).toEqual(DEFAULT_MODEL_PRICES["gpt-4o-mini"]);
    expect(priceOf("gpt-4o-2024-08-06", {})).toEqual(DEFAULT_MODEL_PRICES["gpt-4o"]);
    const own = { input_per_million: 9, output_per_million: 9 };
    expect(priceOf("gpt-4o-mini", { "gpt-4o": own })).toEqual(DEFAULT_MODEL_PRICES["gpt-4o-mini"]);
    expect(priceOf("gpt-4o", { "gpt-4o": own })).toEqual(own);
    expect(priceOf("gpt", {})).toBeNull();
  });
});
