import { normalizeCode } from "./code-facts";
import { readAllFacts } from "./extract-facts";
import { type CheckableFact, type FactKind, overlaps } from "./facts";
import { sourceWords } from "./name-facts";
import { numberKey, sourceNumbers } from "./numeric-facts";

// What one kind of source states, indexed for the reply's facts to be looked up in.

export interface SourceIndex {
  facts: Map<FactKind, CheckableFact[]>;
  /** Every number stated, in digits or words, inside money and codes too. */
  numbers: Set<string>;
  /**
   * Numbers stated bare, outside every other kind of fact: a tool's `"refund": 50` or "limit: 50" grounds
   * "$50", but the 0100 of a phone number, the 30 of "30 days", the 200 of "X200" or the 75 of "75
   * cities" does not ground "$100", "$30", "$200" or "75%".
   */
  unitless: Set<string>;
  /** Word keys (name-facts.ts `wordKey`) and the initials of capitalised runs. */
  words: Set<string>;
  /** Every text upper case with only letters, digits and dots, for codes written with other separators. */
  compact: string;
  /** Every text in lower case, for URLs and e-mail addresses written inside other text. */
  lower: string;
  /** The texts themselves (strings inside tool outputs and variables included). */
  texts: string[];
}

/** What one text states: the parts a SourceIndex is merged from, the same whichever source holds the text. */
export interface TextIndex {
  facts: readonly CheckableFact[];
  numbers: readonly string[];
  unitless: readonly string[];
  words: ReadonlySet<string>;
  compact: string;
  lower: string;
}

/** How a source's texts are read: `indexText`, or a memo of it (known-texts.ts). */
export type ReadText = (text: string) => TextIndex;

/** The texts and numbers inside a tool output or a variable's value, keys left out. */
function collect(value: unknown, texts: string[], numbers: number[], depth = 0): void {
  if (depth > 20 || value === null || value === undefined) return;
  if (typeof value === "string") texts.push(value);
  else if (typeof value === "number" && Number.isFinite(value)) numbers.push(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, texts, numbers, depth + 1);
  else if (typeof value === "object") for (const item of Object.values(value)) collect(item, texts, numbers, depth + 1);
}

export function indexText(text: string): TextIndex {
  const facts = readAllFacts(text);
  const typed = facts.filter((f) => f.kind !== "number");
  const numbers: string[] = [];
  const unitless: string[] = [];
  for (const { n, start, end } of sourceNumbers(text)) {
    numbers.push(numberKey(n));
    if (!typed.some((f) => overlaps(f, { start, end }))) unitless.push(numberKey(n));
  }
  const words = new Set<string>();
  sourceWords(text, words);
  return { facts, numbers, unitless, words, compact: normalizeCode(text), lower: text.toLowerCase() };
}

export function indexSource(values: unknown[], read: ReadText = indexText): SourceIndex {
  const texts: string[] = [];
  const plainNumbers: number[] = [];
  for (const value of values) collect(value, texts, plainNumbers);
  const index: SourceIndex = {
    facts: new Map(),
    numbers: new Set(),
    unitless: new Set(),
    words: new Set(),
    compact: "",
    lower: "",
    texts,
  };
  for (const n of plainNumbers) {
    index.numbers.add(numberKey(n));
    index.unitless.add(numberKey(n));
  }
  const compact: string[] = [];
  const lower: string[] = [];
  for (const text of texts) {
    const part = read(text);
    for (const fact of part.facts) {
      const list = index.facts.get(fact.kind) ?? [];
      list.push(fact);
      index.facts.set(fact.kind, list);
    }
    for (const n of part.numbers) index.numbers.add(n);
    for (const n of part.unitless) index.unitless.add(n);
    for (const w of part.words) index.words.add(w);
    compact.push(part.compact);
    lower.push(part.lower);
  }
  index.compact = compact.join("\n");
  index.lower = lower.join("\n");
  return index;
}
