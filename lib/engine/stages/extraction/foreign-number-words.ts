import { z } from "zod";
import words from "./foreign-number-words.json";

// Spelled-out numbers in French, German and Spanish (their words: foreign-number-words.json), for amounts
// a reply writes in words:
// "soixante-quinze euros", "fünfundsiebzig Euro", "setenta y cinco euros". Only money reads them
// (money.ts `SPELLED`): there a currency word must follow, so a word these languages share with
// English ("six", "once", "cent") cannot turn an English sentence into a number.

const NumberWords = z.record(z.string(), z.number());

const ForeignNumberWords = z.object({
  /** Words worth their value, added up: "soixante quinze" = 60 + 15, "ciento veinte" = 100 + 20. */
  units: z.object({ fr: NumberWords, es: NumberWords }),
  /** Words that multiply what came before them: "deux cents" = 2 × 100. */
  hundreds: z.array(z.string()),
  /** Words that close a group: "dos mil quinientos" = 2 × 1,000 + 500. */
  scales: NumberWords,
  /** "vingt et un", "setenta y cinco". */
  joiners: z.array(z.string()),
  /**
   * German writes a number below a million as one word: "zweihundertfünfundsiebzig" is
   * zwei·hundert·fünf·und·siebzig. These are its parts; "sech" and "sieb" only come before -zehn and -zig.
   */
  germanParts: NumberWords,
});

const TABLES = ForeignNumberWords.parse(words);
const UNITS = { ...TABLES.units.fr, ...TABLES.units.es };
const HUNDREDS = new Set(TABLES.hundreds);
const JOINERS = new Set(TABLES.joiners);
const GERMAN_HUNDRED = "hundert";
const GERMAN_THOUSAND = "tausend";
const GERMAN_AND = "und";

/** "dieciséis" and "dieciseis": text may reach the extractors with or without its accents. */
function withPlainForms(words: string[]): string[] {
  const plain = words.map((w) => w.normalize("NFD").replace(/\p{M}/gu, ""));
  return [...new Set([...words, ...plain])];
}

const plainValue = (table: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const [word, value] of Object.entries(table)) {
    for (const form of withPlainForms([word])) out[form] = value;
  }
  return out;
};
const UNIT_VALUES = plainValue(UNITS);
const SCALE_VALUES = plainValue(TABLES.scales);
const GERMAN_VALUES = plainValue(TABLES.germanParts);

const byLengthDesc = (words: string[]) => [...words].sort((a, b) => b.length - a.length).join("|");
const GERMAN_PART = byLengthDesc([...Object.keys(GERMAN_VALUES), GERMAN_HUNDRED, GERMAN_THOUSAND, GERMAN_AND]);
/** One German number word; 10 parts bound the backtracking ("neunhundertneunundneunzigtausend…" has 9). */
const GERMAN_WORD = `(?:${GERMAN_PART}){1,10}(?![\\p{L}])`;
const WORD = `(?:quatre-vingts?|${byLengthDesc([
  ...Object.keys(UNIT_VALUES),
  ...HUNDREDS,
  ...Object.keys(SCALE_VALUES),
])})(?![\\p{L}])`;

/** Regex source (no groups, case-insensitive, `u` flag): a number spelled out in French, German or Spanish. */
export const FOREIGN_NUMBER_WORDS_SOURCE = `(?:${WORD}(?:(?:\\s+(?:et|y)\\s+|\\s*-\\s*|\\s+)${WORD}){0,11}|${GERMAN_WORD}(?:\\s+${GERMAN_WORD}){0,3})`;

const GERMAN_SPLIT = new RegExp(`${GERMAN_PART}`, "gu");

/** The parts of a German number word, or null when it is not one ("einstein"). */
function germanParts(word: string): string[] | null {
  const parts = word.match(GERMAN_SPLIT) ?? [];
  return parts.join("") === word ? parts : null;
}

class Tally {
  private total = 0;
  private current = 0;

  add(value: number): void {
    this.current += value;
  }
  times(factor: number): void {
    this.current = (this.current || 1) * factor;
  }
  closeGroup(scale: number): void {
    this.total += (this.current || 1) * scale;
    this.current = 0;
  }
  /** "quatre-vingt": the four already added was a multiplier of twenty. */
  fourTimesTwenty(): void {
    this.current += 80 - 4;
  }
  get value(): number {
    return this.total + this.current;
  }
}

function addGerman(tally: Tally, parts: string[]): boolean {
  for (const part of parts) {
    if (part === GERMAN_AND) continue;
    if (part === GERMAN_HUNDRED) tally.times(100);
    else if (part === GERMAN_THOUSAND) tally.closeGroup(1e3);
    else {
      const value = GERMAN_VALUES[part];
      if (value === undefined) return false;
      tally.add(value);
    }
  }
  return true;
}

/** The value of a French, German or Spanish spelled-out number, or null if a word is not one. */
export function foreignWordsToNumber(phrase: string): number | null {
  const words = phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w !== "" && !JOINERS.has(w));
  if (words.length === 0) return null;
  const tally = new Tally();
  let previous = "";
  for (const word of words) {
    const unit = UNIT_VALUES[word];
    const scale = SCALE_VALUES[word];
    if ((word === "vingt" || word === "vingts") && previous === "quatre") tally.fourTimesTwenty();
    else if (unit !== undefined) tally.add(unit);
    else if (HUNDREDS.has(word)) tally.times(100);
    else if (scale !== undefined) tally.closeGroup(scale);
    else {
      const parts = germanParts(word);
      if (!parts || !addGerman(tally, parts)) return null;
    }
    previous = word;
  }
  return tally.value;
}
