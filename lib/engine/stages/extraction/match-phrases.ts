import { NON_ASCII, skeleton, stripDiacritics, stripInvisible } from "./normalize-text";

// A `phrases` variable lists names ("QuickCart", "Acme Retail"), not regexes. A reply names one when,
// in its folded form (invisible characters removed, NFKC, diacritics, look-alikes, spaced letters;
// case kept so camelCase humps can be seen), the name's words stand in order:
//   - between two words the designer separated (space, hyphen, dot, underscore, slash): any run of
//     spaces, hyphens, dots, underscores, slashes and line breaks, or nothing. "Acme Retail" is
//     "AcmeRetail", "Acme-Retail", "Acme  Retail", "Acme\nRetail", "acme_retail", "Acme / Retail";
//   - between two words the designer joined at a camelCase hump ("QuickCart" is quick + cart): the
//     same, except that a run of blanks alone joins them only when both words start with a capital
//     letter as written, a brand written as a title. "Quick-Cart", "Quick\nCart", "quick.cart",
//     "Quick  Cart", "Mega Mart" are the name; "a quick cart process", "Quick cart", "shop nest
//     boxes" are English words (a designer who means those lists "Quick Cart" with its space);
//   - at both ends a boundary: a character that is neither a letter nor a digit, the text's edge, or
//     a camelCase hump ("visitQuickCart", "QuickCartDeals"). So "Acme, our own brand" is not "Acme
//     Retail", and "acmeretailer", "MegaMartial", "ShopNestle" are other words.
// The names of a variable form one trie, walked from every place a word starts (or a camelCase hump):
// each walk is at most a name long (200 characters) and a gap between words is crossed in one step, so
// the time is linear in the reply (500 three-word names over 68,000 hostile characters: about 90 ms). (One re2js alternation of 500 names took 30 s over 60,000 characters:
// RE2's automaton is as large as the names, and re2js simulates it without a DFA.)

/**
 * Blanks: a gap of these alone joins the words of a camelCase name only between two capitals. Quotes
 * and a plus sign count as blanks: "'Quick' + 'Cart'" is the name, "a 'quick' cart" is not.
 */
const BLANK = /^[\t\f\v\p{Zs}'"‘’“”`+]+$/u;
/** Everything a gap between two words of a name may hold: blanks, line breaks, hyphens and dashes, dots, underscores, slashes. */
const SEPARATORS = /^[\s\p{Z}.\-_/\\\u2010-\u2015\u00B7\u2022'"‘’“”`+]+$/u;
/** The separators a designer may write inside a name, for splitting it into words. */
const NAME_SEPARATORS = /[\s.\-_/\\\u2010-\u2015\u00B7\u2022]+/u;
/** Where a name written in camelCase splits into words: "QuickCart" → Quick|Cart, "ACMERetail" → ACME|Retail. */
const HUMP = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Emoji and other symbols between two letters, as a model told to hide a name writes them: "Quick🛒Cart". */
const SYMBOLS_INSIDE_WORD = /(?<=\p{L})(?:\p{Extended_Pictographic}|\p{So}|\u200D|\uFE0F)+(?=\p{L})/gu;

/**
 * The folded form of a reply or a name: invisible characters, NFKC, diacritics and look-alikes; case
 * kept. ASCII is its own folded form: none of those steps changes it and no ASCII character is a symbol.
 */
export const foldKeepingCase = (text: string): string =>
  NON_ASCII.test(text)
    ? skeleton(stripDiacritics(stripInvisible(text).normalize("NFKC"))).replace(SYMBOLS_INSIDE_WORD, "")
    : text;

export interface NameWords {
  /** Lower case. */
  words: string[];
  /** joints[k] joins words k and k+1: at a camelCase hump, or where the designer wrote a separator. */
  joints: ("hump" | "separator")[];
}

/** A name as words, folded like the reply. */
export function wordsOfName(name: string): NameWords {
  const words: string[] = [];
  const joints: NameWords["joints"] = [];
  for (const chunk of foldKeepingCase(name).split(NAME_SEPARATORS)) {
    if (chunk === "") continue;
    chunk.split(HUMP).forEach((word, k) => {
      if (words.length > 0) joints.push(k === 0 ? "separator" : "hump");
      words.push(word.toLowerCase());
    });
  }
  return { words, joints };
}

const WORD = /[\p{L}\p{N}]/u;
const isSurrogate = (unit: string) => unit >= "\uD800" && unit <= "\uDFFF";
/** A UTF-16 unit of a word: a letter or digit, or half of an astral character (NFKC folded most of those). */
const isWordUnit = (unit: string | undefined) =>
  unit !== undefined && (unit < "\u0080" ? isAsciiWordUnit(unit) : WORD.test(unit) || isSurrogate(unit));
/** WORD on ASCII, without a regex per character: the letters and digits are its only letters and numbers. */
const isAsciiWordUnit = (unit: string) =>
  (unit >= "0" && unit <= "9") || (unit >= "A" && unit <= "Z") || (unit >= "a" && unit <= "z");
const isLower = (unit: string | undefined) => unit !== undefined && unit !== unit.toUpperCase();
const isUpper = (unit: string | undefined) => unit !== undefined && unit !== unit.toLowerCase();

interface TrieNode {
  /** The next character of the same word, lower case. */
  next: Map<string, TrieNode>;
  /** After a word the designer separated from the next one: any separator run, or none. */
  separator?: TrieNode;
  /** After a word joined at a camelCase hump: a separator run with more than blanks, or none. */
  hump?: TrieNode;
  /** The name ending here (its index in `phrases`); the first listed wins. */
  name?: number;
}

const newNode = (): TrieNode => ({ next: new Map() });

const trieCache = new WeakMap<readonly string[], TrieNode>();

/** The names as one trie of lower-case UTF-16 units and joints. Cached per array. */
function trieOf(phrases: readonly string[]): TrieNode {
  const cached = trieCache.get(phrases);
  if (cached) return cached;
  const root = newNode();
  phrases.forEach((phrase, index) => {
    const { words, joints } = wordsOfName(phrase);
    if (words.join("") === "") return;
    let node = root;
    words.forEach((word, k) => {
      if (k > 0) {
        const joint = joints[k - 1] === "hump" ? "hump" : "separator";
        node[joint] ??= newNode();
        node = node[joint];
      }
      for (const unit of word) {
        let child = node.next.get(unit);
        if (!child) {
          child = newNode();
          node.next.set(unit, child);
        }
        node = child;
      }
    });
    node.name ??= index;
  });
  trieCache.set(phrases, root);
  return root;
}

export interface PhraseMatch {
  /** Index of the name in the variable's `phrases`. */
  phrase: number;
  /** Offset of the match in the text. */
  index: number;
  /** The matched span of the folded reply, lower case: "acme\nretail". */
  span: string;
}

type Gap = "blank" | "separator" | "other";

/** Each gap between words, by its first offset: where it ends and what it is made of. */
function gapsOf(text: string): Map<number, { end: number; kind: Gap }> {
  const gaps = new Map<number, { end: number; kind: Gap }>();
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const word = i === text.length || isWordUnit(text[i]);
    if (!word && start < 0) start = i;
    if (word && start >= 0) {
      const run = text.slice(start, i);
      const kind = BLANK.test(run) ? "blank" : SEPARATORS.test(run) ? "separator" : "other";
      gaps.set(start, { end: i, kind });
      start = -1;
    }
  }
  return gaps;
}

/** A name may start at `at`: a word starts there, or a camelCase hump ("visit|QuickCart"). */
const startsWord = (text: string, at: number) =>
  isWordUnit(text[at]) && (!isWordUnit(text[at - 1]) || (isLower(text[at - 1]) && isUpper(text[at])));
/** A name may end before `at`: a word ends there, or a camelCase hump ("QuickCart|Deals"). */
const endsWord = (text: string, at: number) => !isWordUnit(text[at]) || (isLower(text[at - 1]) && isUpper(text[at]));

/**
 * The longest name read from `start`, as [end, name index], or null. States are (trie node, offset)
 * pairs: a gap is crossed in one step while a name's own punctuation ("AT&T") is read unit by unit.
 */
function longestFrom(
  text: string,
  start: number,
  root: TrieNode,
  gaps: Map<number, { end: number; kind: Gap }>,
): [number, number] | null {
  let found: [number, number] | null = null;
  // (trie node, offset, where the name's current word starts in the text)
  let states: [TrieNode, number, number][] = [[root, start, start]];
  while (states.length > 0) {
    const next: [TrieNode, number, number][] = [];
    const add = (node: TrieNode, at: number, wordStart: number) => {
      // Usually one state, rarely a few: a scan is cheaper than a set.
      if (next.some(([n, a, w]) => n === node && a === at && w === wordStart)) return;
      next.push([node, at, wordStart]);
      if (node.name !== undefined && at > start) {
        // The name in the plural is the name: "QuickCarts", "two MegaMarts".
        const end = endsWord(text, at) ? at : text[at]?.toLowerCase() === "s" && endsWord(text, at + 1) ? at + 1 : -1;
        if (end > 0 && (!found || end > found[0])) found = [end, node.name];
      }
    };
    for (const [state, at, wordStart] of states) {
      const unit = text[at];
      if (unit === undefined) continue;
      const lower = unit.toLowerCase();
      // The same word goes on, or the next word follows with no separator at all ("AcmeRetail").
      const same = state.next.get(lower);
      if (same) add(same, at + 1, wordStart);
      for (const from of [state.separator, state.hump]) {
        const child = from?.next.get(lower);
        if (child) add(child, at + 1, at);
      }
      const gap = isWordUnit(unit) ? undefined : gaps.get(at);
      if (!gap || gap.kind === "other") continue;
      if (state.separator) add(state.separator, gap.end, gap.end);
      // Blanks alone join a camelCase name written as a title: "Quick  Cart", not "quick cart".
      const titled = isUpper(text[wordStart]) && isUpper(text[gap.end]);
      if (state.hump && (gap.kind === "separator" || titled)) add(state.hump, gap.end, gap.end);
    }
    states = next;
  }
  return found;
}

/**
 * Every place the folded `text` names one of `phrases`, in order, at most `limit` (see the top of
 * this file). `text` is a folded reply with its case kept (foldKeepingCase, or the joined form).
 */
export function matchPhrases(text: string, phrases: readonly string[], limit: number): PhraseMatch[] {
  const root = trieOf(phrases);
  if (root.next.size === 0 || limit <= 0) return [];
  // Read when a name may start: a reply with no word a name starts with has no gaps to read.
  let gaps: ReturnType<typeof gapsOf> | undefined;
  const found: PhraseMatch[] = [];
  for (let at = 0; at < text.length && found.length < limit; at += 1) {
    if (!startsWord(text, at) || !root.next.has(text[at]?.toLowerCase() ?? "")) continue;
    gaps ??= gapsOf(text);
    const hit = longestFrom(text, at, root, gaps);
    if (!hit) continue;
    const [end, phrase] = hit;
    found.push({ phrase, index: at, span: text.slice(at, end).toLowerCase() });
    at = end - 1;
  }
  return found;
}
