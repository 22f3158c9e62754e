import { z } from "zod";

// The text fields every entity of the bundle (bundle.ts) builds on, and the limits they share.

export const nonBlank = (s: string) => s.trim() !== "";

/** Text lengths the bundle accepts, in characters; the editors' inputs stop at the same ones (maxLength). */
export const TEXT_LIMITS = {
  /** Agent keys, entity keys, variable names. */
  key: 64,
  /** Names, scope refs, tool output paths, phrase names. */
  name: 200,
  /** Descriptions, condition texts, clarification hints. */
  description: 2000,
  actionText: 4000,
  url: 2000,
  instructions: 8000,
  intentLabel: 100,
  /** One entry of a list: an example, an extraction hint, a pattern, a tool input's description. */
  listEntry: 500,
  contextWord: 60,
  /** ISO 4217. */
  currency: 3,
} as const;

/** How many entries a list of one entity may hold. */
export const LIST_LIMITS = { validationRules: 20, extractionHints: 20, patterns: 50 } as const;

const T = TEXT_LIMITS;

export const Name = z.string().min(1).max(T.name).refine(nonBlank, "Must not be blank");
export const Text = (max: number) => z.string().max(max);
export const Phrases = (maxItems: number, maxLength: number) =>
  z.array(z.string().min(1).max(maxLength).refine(nonBlank, "Must not be blank")).max(maxItems);
