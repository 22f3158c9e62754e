import { z } from "zod";
import { section } from "./settings-section";

// What a model's tokens cost, in US dollars per million (docs/pipeline.md#what-a-turn-costs). The
// agent's `pricing.models` adds to and overrides the built-in table below, so an OpenAI-compatible
// server's own model names get a price too; a model in neither table leaves a turn's cost unknown
// (null), never guessed.

const usdPerMillion = z
  .number()
  .finite()
  .min(0, { message: "must be 0 or more (US dollars per million tokens)" })
  .max(10_000, { message: "must be at most 10,000 US dollars per million tokens" });

export const ModelPrice = z.strictObject({
  input_per_million: usdPerMillion,
  output_per_million: usdPerMillion,
  /** Input tokens the provider served from its prompt cache; the input price when absent. */
  cached_input_per_million: usdPerMillion.optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

const ModelName = z.string().trim().min(1).max(200);

export const PricingSettings = section(
  {
    models: z
      .record(ModelName, ModelPrice)
      .refine((models) => Object.keys(models).length <= 200, { message: "prices at most 200 models" }),
  },
  { models: {} },
);

/**
 * OpenAI's list prices (USD per million tokens) for its common models, as published in 2026. The offline
 * provider costs nothing.
 */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  offline: { input_per_million: 0, output_per_million: 0 },
  "gpt-4o-mini": { input_per_million: 0.15, output_per_million: 0.6, cached_input_per_million: 0.075 },
  "gpt-4o": { input_per_million: 2.5, output_per_million: 10, cached_input_per_million: 1.25 },
  "gpt-4.1": { input_per_million: 2, output_per_million: 8, cached_input_per_million: 0.5 },
  "gpt-4.1-mini": { input_per_million: 0.4, output_per_million: 1.6, cached_input_per_million: 0.1 },
  "gpt-4.1-nano": { input_per_million: 0.1, output_per_million: 0.4, cached_input_per_million: 0.025 },
  "o4-mini": { input_per_million: 1.1, output_per_million: 4.4, cached_input_per_million: 0.275 },
  "gpt-5": { input_per_million: 1.25, output_per_million: 10, cached_input_per_million: 0.125 },
  "gpt-5-mini": { input_per_million: 0.25, output_per_million: 2, cached_input_per_million: 0.025 },
  "gpt-5-nano": { input_per_million: 0.05, output_per_million: 0.4, cached_input_per_million: 0.005 },
});

/**
 * The price of `model` in the built-in table with the agent's entries over it; a dated snapshot name
 * ("gpt-4o-mini-2024-07-18") takes the price of the longest name it starts with followed by "-".
 */
export function priceOf(model: string, agentPrices: Readonly<Record<string, ModelPrice>>): ModelPrice | null {
  const table: Record<string, ModelPrice> = { ...DEFAULT_MODEL_PRICES, ...agentPrices };
  const exact = table[model];
  if (exact) return exact;
  const base = Object.keys(table)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return base ? (table[base] ?? null) : null;
}
