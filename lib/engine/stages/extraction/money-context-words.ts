import type { EngineMoney } from "../../contracts/snapshot";
import { type LimitReader, limitReader } from "./money-limits";
import type { MoneyToken } from "./money-tokens";
import { normalizeForMatching } from "./normalize-text";

// A money variable's context words as the binder reads them (bind-money.ts): the phrases, folded once
// per variable, which words they match, and where they stand in a reply.

/** Words between a context word and its amount: "refund [it to your card for] $75" is 5. */
export const MONEY_WINDOW_WORDS = 5;

export interface ContextWords {
  phrases: string[][];
  limits: LimitReader;
  /** A one-word context phrase matches `word` ("refund" → "refunded"). */
  isWord: (word: string) => boolean;
}

const contextCache = new WeakMap<EngineMoney, ContextWords>();

export function contextOf(money: EngineMoney): ContextWords {
  let cached = contextCache.get(money);
  if (!cached) {
    const phrases = money.contextWords
      .map((w) =>
        normalizeForMatching(w)
          .split(/[^\p{L}\p{N}']+/u)
          .filter(Boolean),
      )
      .filter((p) => p.length > 0);
    const words = phrases.flat();
    const single = phrases.flatMap((p) => (p.length === 1 ? [p[0] ?? ""] : []));
    const isWord = (word: string) => single.some((w) => wordMatches(word, w));
    const limits = limitReader(money.limitWords ?? [], (word) => words.some((w) => wordMatches(word, w)), isWord);
    cached = { phrases, limits, isWord };
    contextCache.set(money, cached);
  }
  return cached;
}

/** A context word of five letters or more also matches longer words: refund → refunded, refunding. */
const MIN_STEM = 5;
const stemMatches = (word: string, context: string) =>
  word === context || (context.length >= MIN_STEM && word.startsWith(context));
/**
 * Spaced letters after "a" or "I" collapse with it ("A r e f u n d" → "arefund"), so a context word
 * of five letters or more also matches behind one of those ("aback" is not "a back").
 */
export const wordMatches = (word: string, context: string) =>
  stemMatches(word, context) ||
  (context.length >= MIN_STEM && /^[ai]/.test(word) && stemMatches(word.slice(1), context));

/** [first, last] token index of every context-phrase occurrence. */
export function contextSpans(tokens: MoneyToken[], { phrases }: ContextWords): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (const phrase of phrases) {
      let n = 0;
      while (n < phrase.length) {
        const t = tokens[i + n];
        if (t?.kind !== "word" || !wordMatches(t.text, phrase[n] ?? "")) break;
        n += 1;
      }
      if (n === phrase.length) {
        spans.push([i, i + n - 1]);
        break;
      }
    }
  }
  return spans;
}
