import { STOPWORDS, words } from "../text/words";

// Which sources a message names: "Does the Meze Bar serve beer?" names the source "MEZE BAR", and
// "is breakfast included at the Alpina?" names "Hotel Alpina". A title is named when every one of its
// distinctive words is in the message. Distinctive: not a function word and not a word that many titles
// share ("hotel", "restaurant", "guide" — in at least GENERIC_SHARE of the titles and in 3 or more), so
// "the hotel" names no hotel. A title whose distinctive words are all short ("A and B Guest House": "b")
// must appear whole, function words included, or any "b" would name it.

const GENERIC_SHARE = 0.05;
const GENERIC_MIN_TITLES = 3;
const SHORT_KEY_CHARS = 4;

interface TitleEntry {
  title: string;
  tokens: string[];
  key: string[];
  /** The key alone is too weak: the whole title must appear as a run of words. */
  whole: boolean;
}

export interface TitleLexicon {
  readonly entries: readonly TitleEntry[];
}

/** The lexicon of a knowledge base's source titles (each title once). */
export function titleLexicon(titles: Iterable<string>): TitleLexicon {
  const distinct = [...new Set([...titles].filter((title) => title.trim() !== ""))];
  const tokenized = distinct.map((title) => ({ title, tokens: words(title) }));
  const titlesWith = new Map<string, number>();
  for (const { tokens } of tokenized)
    for (const token of new Set(tokens)) titlesWith.set(token, (titlesWith.get(token) ?? 0) + 1);
  const genericAt = Math.max(GENERIC_MIN_TITLES, GENERIC_SHARE * distinct.length);
  const entries = tokenized.map(({ title, tokens }) => {
    const content = [...new Set(tokens.filter((token) => !STOPWORDS.has(token)))];
    const distinctive = content.filter((token) => (titlesWith.get(token) ?? 0) < genericAt);
    const key = distinctive.length > 0 ? distinctive : content;
    const whole = key.join("").length < SHORT_KEY_CHARS || distinctive.length === 0;
    return { title, tokens, key, whole };
  });
  return { entries: entries.filter((entry) => entry.key.length > 0) };
}

/**
 * The titles `text` names, in the lexicon's order. A title whose key is part of another named title's
 * key is not named by it: "Nandos City Centre" names that branch, not also "Nandos", and "the Rice Boat"
 * does not name "Rice House" (whose only distinctive word is "rice").
 */
export function mentionedTitles(lexicon: TitleLexicon, text: string): string[] {
  const tokens = words(text);
  const present = new Set(tokens);
  const named: TitleEntry[] = [];
  for (const entry of lexicon.entries) {
    if (!entry.key.every((token) => present.has(token))) continue;
    const run = entry.tokens.filter((token) => token !== "the");
    if (entry.whole && !containsRun(tokens, run)) continue;
    named.push(entry);
  }
  const subsumed = (entry: TitleEntry) =>
    named.some((other) => other.key.length > entry.key.length && entry.key.every((token) => other.key.includes(token)));
  return named.filter((entry) => !subsumed(entry)).map((entry) => entry.title);
}

function containsRun(tokens: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let i = 0; i + run.length <= tokens.length; i++) {
    if (run.every((token, j) => tokens[i + j] === token)) return true;
  }
  return false;
}
