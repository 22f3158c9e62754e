import type { Weighted } from "./injection-signal";
import { CLAUSE_BREAK, COLON, normalizeInput, tokensOf } from "./normalize-input";
import { PhraseSet, type Tokens, wordSet } from "./token-phrases";

// Abuse and harassment: a word or phrase of the agent's list (`input_safety.abuse_words`) in a clause
// aimed at someone — a second person ("you idiot", "your staff are morons") or the phrase itself an
// order or a wish at the listener ("shut up", "go to hell", "kill yourself") — is abuse. The same word
// about a thing ("this stupid form", "what a piece of junk") is only uncertain: customers swear at
// parcels too. A masked word ("f*ck", "sh!t") matches a listed word of its length.

export type AbuseSignal = "abuse_directed" | "abuse_word";

const SECOND_PERSON = wordSet("you youre your ur u yourself yours youve youll ya yall");
/** Phrases that are addressed to the listener by themselves. */
const ADDRESSED = wordSet("shut go fuck screw kill hope stfu");
const NEGATIONS = wordSet("not no never");

/** The list, read once per agent: single words (with their plural) and phrases, normalised like messages. */
export class AbuseList {
  private readonly words: ReadonlySet<string>;
  private readonly phrases: PhraseSet;
  private readonly single: readonly string[];

  constructor(entries: readonly string[]) {
    const normalised = entries.map((entry) => tokensOf(normalizeInput(entry))).filter((t) => t.length > 0);
    this.single = normalised.filter((t) => t.length === 1).map((t) => t[0] ?? "");
    this.words = new Set(this.single.flatMap((word) => [word, `${word}s`, `${word}es`]));
    this.phrases = new PhraseSet(normalised.filter((t) => t.length > 1).map((t) => t.join(" ")));
  }

  /** The length of the listed word or phrase at `at`, 0 when none. */
  lengthAt(tokens: Tokens, at: number): number {
    const token = tokens[at] ?? "";
    const phrase = this.phrases.lengthAt(tokens, at);
    if (phrase > 0) return phrase;
    if (this.words.has(token)) return 1;
    return token.includes("*") && this.single.some((word) => masks(token, word)) ? 1 : 0;
  }
}

/** "f*ck" masks "fuck": same length, every letter shown is the word's. */
function masks(token: string, word: string): boolean {
  if (token.length !== word.length) return false;
  for (let k = 0; k < token.length; k++) if (token[k] !== "*" && token[k] !== word[k]) return false;
  return true;
}

const isBreak = (token: string | undefined) => token === CLAUSE_BREAK || token === COLON;

/** Whether the clause around `at` (up to the nearest breaks) names a second person. */
function clauseAddressed(tokens: Tokens, at: number): boolean {
  for (let k = at; k >= 0 && !isBreak(tokens[k]); k--) if (SECOND_PERSON.has(tokens[k] ?? "")) return true;
  for (let k = at + 1; k < tokens.length && !isBreak(tokens[k]); k++)
    if (SECOND_PERSON.has(tokens[k] ?? "")) return true;
  return false;
}

/** Abuse signals of a message's tokens with clause breaks (`tokensWithBreaks`). */
export function abuseSignals(tokens: Tokens, list: AbuseList): Weighted<AbuseSignal> {
  const signals: Weighted<AbuseSignal> = new Map();
  for (let at = 0; at < tokens.length; at++) {
    const length = list.lengthAt(tokens, at);
    if (length === 0) continue;
    const before = [tokens[at - 1], tokens[at - 2], tokens[at - 3]];
    const negated = before.some((t) => t !== undefined && NEGATIONS.has(t) && !isBreak(t));
    const addressed =
      length > 1 &&
      (ADDRESSED.has(tokens[at] ?? "") || tokens.slice(at, at + length).some((t) => SECOND_PERSON.has(t)));
    if (!negated && (addressed || clauseAddressed(tokens, at))) signals.set("abuse_directed", 0.9);
    else signals.set("abuse_word", Math.max(signals.get("abuse_word") ?? 0, 0.45));
  }
  return signals;
}
