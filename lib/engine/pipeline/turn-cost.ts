import type { TokenUsage } from "../contracts/model";
import { type ModelPrice, priceOf } from "../contracts/pricing-settings";

// A turn's cost in US dollars from its tokens per model (docs/pipeline.md#what-a-turn-costs). Cached
// input tokens are part of the input count (as OpenAI reports them) and cost the cached price.

const PER_MILLION = 1_000_000;

/** The dollars of one model's tokens, or null when the model has no price. */
function modelCost(model: string, usage: TokenUsage, prices: Readonly<Record<string, ModelPrice>>): number | null {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return 0;
  const price = priceOf(model, prices);
  if (!price) return null;
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const cachedPrice = price.cached_input_per_million ?? price.input_per_million;
  return (
    ((usage.inputTokens - cached) * price.input_per_million +
      cached * cachedPrice +
      usage.outputTokens * price.output_per_million) /
    PER_MILLION
  );
}

/**
 * The sum over the turn's models, rounded to a millionth of a dollar; null when any model that used
 * tokens has no price (a partial sum would read as the whole).
 */
export function turnCostUsd(
  byModel: Readonly<Record<string, TokenUsage>>,
  prices: Readonly<Record<string, ModelPrice>>,
): number | null {
  let total = 0;
  for (const [model, usage] of Object.entries(byModel)) {
    const cost = modelCost(model, usage, prices);
    if (cost === null) return null;
    total += cost;
  }
  return Math.round(total * PER_MILLION) / PER_MILLION;
}
