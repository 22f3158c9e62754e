// Word sets and phrase sets over a message's tokens (normalize-input.ts). A phrase set is indexed by
// its first word, so finding every phrase at every position is linear in the message's length (the
// longest phrase is a handful of words).

export type Tokens = readonly string[];

export const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

export class PhraseSet {
  private readonly byFirst = new Map<string, string[][]>();

  constructor(phrases: readonly string[]) {
    for (const phrase of phrases) {
      const words = phrase.trim().split(/\s+/);
      const first = words[0] ?? "";
      this.byFirst.set(first, [...(this.byFirst.get(first) ?? []), words]);
    }
  }

  /** The length of the longest phrase that starts at `at`, 0 when none does. */
  lengthAt(tokens: Tokens, at: number): number {
    let best = 0;
    for (const words of this.byFirst.get(tokens[at] ?? "") ?? []) {
      if (words.length > best && words.every((word, k) => tokens[at + k] === word)) best = words.length;
    }
    return best;
  }

  /** The words a phrase can start with. */
  firstWords(): Iterable<string> {
    return this.byFirst.keys();
  }
}

/** The words checks can start on: a phrase set's first words, and every word of a word set or list. */
export function triggerWords(...sources: (PhraseSet | Iterable<string>)[]): ReadonlySet<string> {
  const words = new Set<string>();
  for (const source of sources) {
    for (const word of source instanceof PhraseSet ? source.firstWords() : source) words.add(word);
  }
  return words;
}

/**
 * Walks from `from` over at most `window` tokens while each is in `filler`; returns the index of the
 * first token that is not filler (the candidate target) and the filler words passed, or null when the
 * window ends first.
 */
export function pastFiller(
  tokens: Tokens,
  from: number,
  filler: ReadonlySet<string>,
  window: number,
): { at: number; passed: string[] } | null {
  const passed: string[] = [];
  for (let at = from; at < tokens.length && at <= from + window; at++) {
    const token = tokens[at] ?? "";
    if (!filler.has(token) && !/^\d+$/.test(token)) return { at, passed };
    passed.push(token);
  }
  return null;
}

/**
 * Runs every check at each token in `triggers` (the first words the checks start on): testing the set
 * first keeps a long ordinary message at one set look-up per word.
 */
export function checkAtTriggers<Signals>(
  tokens: Tokens,
  triggers: ReadonlySet<string>,
  checks: readonly ((tokens: Tokens, at: number, signals: Signals) => void)[],
  signals: Signals,
): void {
  for (let at = 0; at < tokens.length; at++) {
    if (!triggers.has(tokens[at] ?? "")) continue;
    for (const check of checks) check(tokens, at, signals);
  }
}
