import { wordSet } from "../../text/words";
import type { MoneyToken } from "./money-tokens";

// Small readings of the money tokens that the binder's readers share: a word by its index, where a
// sentence or a clause ends, and whether a word right after an amount leaves it money on its own.

export const wordAt = (tokens: readonly MoneyToken[], i: number): string | null => {
  const t = tokens[i];
  return t?.kind === "word" ? t.text : null;
};

/** ". ! ? ;" and line breaks end a sentence (a list item or a table row is one). */
export const endsSentence = (t: MoneyToken | undefined): boolean =>
  t === undefined || t.kind === "stop" || t.kind === "newline";

export const CLAUSE_WORDS = new Set(["but", "however", "although", "though", "whereas", "except"]);

/** A sentence end, a table cell wall, or "but"/"however"…: what a reading of an amount's clause stops at. */
export const endsClause = (t: MoneyToken | undefined): boolean =>
  endsSentence(t) || t?.kind === "cell" || (t?.kind === "word" && CLAUSE_WORDS.has(t.text));

/**
 * Tokens any reading walks from an amount, at most, whatever it counts: a run of amounts, marks or
 * table walls holds no word, and a walk that counted words only would cross all of it for every amount
 * (30,000 amounts in a row took a minute to extract; bounded, under a second).
 */
export const MAX_SCAN_TOKENS = 40;

/** First-person words before a verb: the agent acting ("I've approved", "we'll send"). */
export const FIRST_PERSON = wordSet("i we i've we've i'll we'll i'm we're i'd we'd me us myself ourselves");

/**
 * Words that may follow an amount that stands for money on its own, not a thing's price: "$75 to your
 * card", "$75 back", "$75 will be", "$75 today", "$75 credit". Any other word right after it ("the
 * $75 kettle", "a $75 invoice") makes it the price of that thing.
 */
const AFTER_MONEY = new Set(
  (
    "to on onto into in back will is has have should shall would can could was were be being been " +
    "today now tomorrow tonight shortly soon immediately right straight directly within by for as and " +
    "just already later this next " +
    "plus extra more instead via through once when after which that of worth total credit credits " +
    "refund refunds reimbursement compensation cashback store altogether overall net each twice apiece " +
    "usd dollars it i we you"
  ).split(" "),
);

/** Whether the word right after the amount at `at` (if any) leaves it money on its own (above). */
export function standsAlone(tokens: readonly MoneyToken[], at: number): boolean {
  const next = wordAt(tokens, at + 1);
  return next === null || AFTER_MONEY.has(next);
}
