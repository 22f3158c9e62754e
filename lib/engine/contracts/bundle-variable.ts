import { z } from "zod";
import { VariableName } from "./bundle-keys";
import { LIST_LIMITS, nonBlank, TEXT_LIMITS as T, Text } from "./bundle-text";

/** ISO 4217, e.g. "USD", "EUR". */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, "Use a three-letter ISO 4217 code in capitals, e.g. USD");

/** Units of the variable's currency one unit of another is worth. */
export const MoneyRate = z.number().positive("A rate is above 0").max(1_000_000, "A rate is at most 1,000,000");

/** How many of the variable's currency one unit of another is worth: `{ "EUR": 1.08 }` = 1 EUR is 1.08 USD. */
const MoneyRates = z
  .record(CurrencyCode, MoneyRate)
  .refine((rates) => Object.keys(rates).length <= 50, "At most 50 rates");

/** Money variables only: a word of the reply that ties an amount to the variable, e.g. "refund". */
export const ContextWord = z
  .string()
  .min(1)
  .max(T.contextWord)
  .refine(nonBlank, "Must not be blank")
  .refine((w) => !/[\d$€£¥]/.test(w), "A context word has no digits or currency signs");

/** Phrases variables only: one name the reply must not contain, as a customer reads it ("QuickCart", "Acme Retail"). */
export const PhraseName = z
  .string()
  .max(T.name, `A name is at most ${T.name} characters`)
  .refine(nonBlank, "A name cannot be empty");

/** How many names a phrases variable may list. */
export const MAX_PHRASES = 500;

/**
 * A response variable: a variable extracted from the agent's response for enforcement. `patterns` are
 * regular expressions (RE2 syntax), matched case-insensitively, tried in order: for a boolean any
 * match means true; for a number or string the first capture group of every match is a value
 * (numbers drop "," thousands separators). `description` guides the model extractor.
 *
 * A `money` variable binds every amount the reply states near one of its `context_words` (a few words
 * either side, in any written form) in its `currency`; an amount in another currency is converted with
 * `rates` or left unresolved. Lane 1 also sees `<name>_total`, the sum of every bound amount
 * (stage: lib/engine/stages/extraction/bind-money.ts). An amount tied to a limit word ("capped at $50",
 * "your order of $75") is a limit, not a claim. `currency`, `context_words`, `limit_words` and `rates`
 * are for money variables only.
 *
 * A `phrases` variable is a boolean that is true when the reply names one of its `phrases`, matched
 * as names rather than regexes: normalized, with any separator or none between a name's words, and a
 * word boundary at both ends (stage: lib/engine/stages/extraction/match-phrases.ts). Its patterns,
 * if any, are extra detectors, as a boolean's.
 */
export const BundleVariable = z.strictObject({
  name: VariableName,
  type: z.enum(["string", "number", "boolean", "money", "phrases"]),
  description: Text(T.description).default(""),
  patterns: z.array(z.string().min(1).max(T.listEntry)).max(LIST_LIMITS.patterns).default([]),
  currency: CurrencyCode.optional(),
  context_words: z.array(ContextWord).max(50).optional(),
  /** Words that make an amount a limit, not a claim ("capped at $50"); added to money-limits.ts's English defaults. */
  limit_words: z.array(ContextWord).max(50).optional(),
  rates: MoneyRates.optional(),
  phrases: z.array(PhraseName).max(MAX_PHRASES, `At most ${MAX_PHRASES} names`).optional(),
});

export type BundleVariable = z.output<typeof BundleVariable>;
