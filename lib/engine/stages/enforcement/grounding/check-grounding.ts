import { normalizeCode } from "./code-facts";
import { samePhone } from "./contact-facts";
import { sameDate } from "./date-facts";
import { extractCheckableFacts } from "./extract-facts";
import type { CheckableFact } from "./facts";
import { nameWords, wordKey } from "./name-facts";
import { numberKey } from "./numeric-facts";
import { indexSource, type ReadText, type SourceIndex } from "./source-index";
import { UNSUPPORTED_SHARE_LIMIT, type UnsupportedContent, unsupportedContent } from "./unsupported-content";

/**
 * Deterministic grounding (lane 1): every checkable fact a reply states must be found in what the turn
 * had. Pure: no I/O, no model, no clock; same reply and sources → same result.
 *
 * ```ts
 * const check = checkGrounding("Your refund of $75 arrives in 3-5 business days.", {
 *   passages: ["Refunds reach the card in three to five days."],
 *   toolOutputs: [{ order: "ORD-48213", refund: 75 }],
 * });
 * // check.grounded === true; check.facts: money "USD 75" (found in toolOutputs), duration "3-5 day" (passages)
 * ```
 *
 * - `extractCheckableFacts(text, language?)` → `CheckableFact[]` (facts.ts): kind, normalised `value`
 *   (and every `readings` of an ambiguous text), span. Kinds: money, percent, duration, date, time,
 *   phone, email, url, code, quantity (a number and its noun), number, and — English only — name (a
 *   run of capitalised words inside a sentence). Money and percentages are read by the extraction
 *   stage (extraction/money.ts): "$75", "75 dollars", "seventy-five dollars" are all "USD 75".
 * - `checkGrounding(reply, sources, options?)` → `{ facts, ungrounded, unsupported, grounded }`: each
 *   fact with the source it was found in (`foundIn`, null when none), the facts that make the reply
 *   ungrounded, the share of its content words no source uses, and whether the reply may ship.
 *   Sources (`GroundingSources`, every field optional): `passages` and `rules` (text), `toolOutputs`
 *   and `variables` (any JSON: strings are read as text, numbers as numbers, keys are ignored),
 *   `customer` (the customer's own messages). The agent's earlier replies are no source: a fact they
 *   stated and still matters sits in a variable or a tool output, and an invention repeated is still one.
 *
 * When a fact counts as found:
 * - numbers: a source states the same value, in digits or words, at any scale ("4.28 million" is
 *   4280000). Money needs the same currency or a number with none ("refund": 50 grounds "$50");
 *   a percentage the same or a bare number. A number inside another fact is not bare: the 0100 of a
 *   phone number, the 30 of "30 days", the 75 of "75 cities", the 200 of "X200" ground no amount or
 *   percentage; "half" in a source grounds "50%", a reply's own "half" is
 *   not read. A number hedged in the reply ("about 4,000") is found when a source's rounds to it.
 *   A year alone is found by any date in that year.
 * - durations: the same range in the same base unit ("3-5 business days" = "three to five days";
 *   "2 weeks" = "14 days"; a source's "a month" is 1 month); dates: a source date that agrees on every
 *   part the reply states; phones: the same digits, a country code or trunk "0" aside; e-mails,
 *   times: equal; URLs: equal without scheme and "www.", or a source URL under the reply's; codes: the
 *   same letters and digits in any case and with any separators, anywhere in a source ("ord 48213"
 *   finds "ORD-48213").
 * - names: each word (connectors aside) is a word of some source, case, possessive and plural aside
 *   (one letter off for words of six letters or more), or the name is the initials of a source's
 *   capitalised run ("US" for "United States").
 *
 * Not claims, never read: list markers ("1.", "2)", "(3)", inline "… 2. Next"), "Step 3", "option 2",
 * and anything inside a fenced code block (syntax and examples). URL templates ("https://$ACCOUNT…") are
 * not URLs.
 *
 * A reply is ungrounded when a fact other than a name is found nowhere, or when more than
 * `UNSUPPORTED_SHARE_LIMIT` of its content words appear in no source (unsupported-content.ts). Names
 * are reported and block only with `nameWordsToBlock`: on MTRAG-UN dev (bench/grounding/) they caught
 * few unfaithful answers the share had not and added false flags (3 name words: 39 of 63 unfaithful,
 * 14 of 300 faithful flagged, against 37 and 12 without).
 */

export interface GroundingSources {
  passages?: string[];
  toolOutputs?: unknown[];
  variables?: Record<string, unknown>;
  rules?: string[];
  customer?: string[];
}

export type GroundingSourceKind = keyof GroundingSources;

export interface GroundingOptions {
  /** Distinct name words found nowhere from which the reply's names block; null (default): names are reported only. */
  nameWordsToBlock?: number | null;
  /** The reply's language (BCP 47), for the names (English only). Default "en". */
  language?: string;
  /** Share of unsupported content words above which the reply is ungrounded; null: not measured. */
  unsupportedShareLimit?: number | null;
  /** How a source text is read for facts (default `indexText`); the agent's known texts read once (known-texts.ts). */
  readText?: ReadText;
}

export interface FactCheck extends CheckableFact {
  /** The first source (in `GroundingSources` order) that states it, or null. */
  foundIn: GroundingSourceKind | null;
}

export interface GroundingResult {
  facts: FactCheck[];
  /** The facts that make the reply ungrounded (names only when they reach the threshold). */
  ungrounded: CheckableFact[];
  /** The share of the reply's content words no source uses (unsupported-content.ts). */
  unsupported: UnsupportedContent;
  grounded: boolean;
}

const SOURCE_ORDER: GroundingSourceKind[] = ["passages", "toolOutputs", "variables", "rules", "customer"];

function valuesOf(sources: GroundingSources, kind: GroundingSourceKind): unknown[] {
  const value = sources[kind];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function checkGrounding(
  reply: string,
  sources: GroundingSources,
  options: GroundingOptions = {},
): GroundingResult {
  const facts = extractCheckableFacts(reply, options.language);
  const indexes = lazyIndexes(sources, options.readText);
  const missingNameWords = new Set<string>();
  const checked: FactCheck[] = facts.map((fact) => {
    if (fact.kind !== "name")
      return { ...fact, foundIn: indexes.find(({ index }) => isFound(fact, index))?.kind ?? null };
    const name = checkName(fact, indexes);
    for (const key of name.unfound) missingNameWords.add(key);
    return { ...fact, foundIn: name.foundIn };
  });
  const missing = checked.filter((f) => f.foundIn === null);
  const blockAt = options.nameWordsToBlock ?? null;
  const namesCount = blockAt !== null && missingNameWords.size >= blockAt;
  const ungrounded = missing.filter((f) => f.kind !== "name" || namesCount).map(({ foundIn: _, ...fact }) => fact);
  const limit = options.unsupportedShareLimit === undefined ? UNSUPPORTED_SHARE_LIMIT : options.unsupportedShareLimit;
  const unsupported =
    limit === null
      ? { share: 0, words: 0, over: false }
      : unsupportedContent(
          reply,
          indexes.flatMap((source) => source.index.texts),
          limit,
        );
  return { facts: checked, ungrounded, unsupported, grounded: ungrounded.length === 0 && !unsupported.over };
}

interface IndexedSource {
  kind: GroundingSourceKind;
  readonly index: SourceIndex;
}

/**
 * Each kind of source indexed when a fact is first looked up in it: facts are looked up in
 * `SOURCE_ORDER` and stop at the first that holds them, so a reply whose facts a tool output states
 * never reads the rules. The result is the same as indexing every source up front.
 */
function lazyIndexes(sources: GroundingSources, readText: ReadText | undefined): IndexedSource[] {
  return SOURCE_ORDER.map((kind) => {
    let index: SourceIndex | undefined;
    return {
      kind,
      get index() {
        index ??= indexSource(valuesOf(sources, kind), readText);
        return index;
      },
    };
  });
}

/**
 * A name is checked word by word over every source together: its words may come from different ones
 * ("Gulf" in a passage, "Mexico" from the customer). `foundIn` is the first source holding one of them.
 */
function checkName(
  fact: CheckableFact,
  indexes: IndexedSource[],
): { foundIn: GroundingSourceKind | null; unfound: string[] } {
  const keys = nameWords(fact.value).map(wordKey);
  const unfound = keys.filter((key) => !indexes.some(({ index }) => hasWord(index.words, key)));
  const first = indexes.find(({ index }) => keys.some((key) => hasWord(index.words, key)));
  return { foundIn: unfound.length === 0 ? (first?.kind ?? null) : null, unfound };
}

/**
 * A name word is found as it is, or one letter off when it has six letters or more: a source's typo or
 * transliteration ("Calcia" for "Calcio", "Femminili" for "Femminile") is not a different name.
 */
function hasWord(words: Set<string>, key: string): boolean {
  if (words.has(key)) return true;
  if (key.length < 6) return false;
  for (const word of words) if (word[0] === key[0] && oneEditApart(word, key)) return true;
  return false;
}

function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function isFound(fact: CheckableFact, index: SourceIndex): boolean {
  const facts = (kind: CheckableFact["kind"]) => index.facts.get(kind) ?? [];
  const anyReading = (kind: CheckableFact["kind"], same: (reply: string, source: string) => boolean) =>
    facts(kind).some((s) => fact.readings.some((r) => s.readings.some((v) => same(r, v))));
  const amount = fact.amount === undefined ? "" : numberKey(fact.amount);
  switch (fact.kind) {
    case "money":
      return anyReading("money", (a, b) => a === b) || index.unitless.has(amount);
    case "percent":
      return anyReading("percent", (a, b) => a === b) || index.unitless.has(amount);
    case "quantity":
    case "number":
      return index.numbers.has(amount) || (fact.approximate === true && roundsTo(fact.amount ?? 0, index.numbers));
    case "date":
      return anyReading("date", sameDate) || (/^\d{4}$/.test(fact.value) && index.numbers.has(fact.value));
    case "duration":
    case "time":
    case "email":
      return anyReading(fact.kind, (a, b) => a === b) || (fact.kind === "email" && index.lower.includes(fact.value));
    case "phone":
      return anyReading("phone", samePhone);
    case "url":
      return anyReading("url", (a, b) => a === b || b.startsWith(`${a}/`)) || index.lower.includes(fact.value);
    case "code":
      return index.compact.includes(normalizeCode(fact.value));
    case "name":
      // Checked word by word over all sources together (checkName).
      return false;
  }
}

/** "about 4,000" is found by 3,976: a source value that rounds to the reply's at its last non-zero digit. */
function roundsTo(value: number, numbers: Set<string>): boolean {
  const decimals = (String(value).split(".")[1] ?? "").length;
  const trailingZeros = /0*$/.exec(String(Math.trunc(value)))?.[0].length ?? 0;
  const step = decimals > 0 ? 10 ** -decimals : 10 ** trailingZeros;
  for (const key of numbers) if (Math.abs(Number(key) - value) <= step / 2) return true;
  return false;
}
