import { type CheckableFact, factAt } from "./facts";

// Names: a run of capitalised words inside an English sentence ("the Gulf of Mexico", "on Peacock",
// "Experian and TransUnion"). A word capitalised where a sentence, a list item or a label starts says
// nothing, so only a capital after a lower-case word or a comma counts. Bold labels, headings and code
// are left out: they restate, they do not name.

const CAPITALISED = String.raw`\p{Lu}[\p{L}\p{N}'’]*(?:-[\p{L}\p{N}]+)*`;
const CONNECTOR = "(?:of|and|the|de|du|la|von|van|for|&)";
const NAME = new RegExp(String.raw`(?<=[\p{Ll},] )${CAPITALISED}(?:\s+(?:${CONNECTOR}\s+)?${CAPITALISED})*`, "gu");
const CONNECTOR_WORD = new RegExp(`^${CONNECTOR}$`, "iu");
/** Markup whose words are labels, not names: bold, headings, code. Replaced by spaces, so spans hold. */
const LABELS = [/\*\*[^*\n]+\*\*/gu, /__[^_\n]+__/gu, /^#{1,6} .*$/gmu, /```[\s\S]*?```/gu, /`[^`\n]*`/gu];
const NOT_NAMES = new Set(
  (
    "I I'm I'll I've I'd OK " +
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday " +
    "January February March April May June July August September October November December"
  ).split(" "),
);

const blank = (s: string) => s.replace(/[^\n]/g, " ");

export function nameFacts(text: string): CheckableFact[] {
  let plain = text;
  for (const label of LABELS) plain = plain.replace(label, blank);
  const facts: CheckableFact[] = [];
  for (const m of plain.matchAll(NAME)) {
    const words = nameWords(m[0]).filter((w) => !NOT_NAMES.has(w));
    if (words.length === 0) continue;
    facts.push(factAt("name", [m[0].replace(/\s+/g, " ")], m[0], m.index ?? 0));
  }
  return facts;
}

/** The words of a name that have to be found, connectors left out: "Gulf of Mexico" → Gulf, Mexico. */
export function nameWords(name: string): string[] {
  return name.split(/[^\p{L}\p{N}'’]+/u).filter((w) => w !== "" && !CONNECTOR_WORD.test(w));
}

/** A word as names are compared: lower case, no possessive, no plural "s" ("Americas'" → "america"). */
export function wordKey(word: string): string {
  return word
    .toLowerCase()
    .replace(/['’]s?$/u, "")
    .replace(/(?<=\p{L}{3})s$/u, "");
}

/** Source words by key, and the initials of their capitalised runs ("United States" → "us"). */
export function sourceWords(text: string, into: Set<string>): void {
  for (const w of text.split(/[^\p{L}\p{N}'’]+/u)) if (w !== "") into.add(wordKey(w));
  for (const run of text.matchAll(/\p{Lu}[\p{L}]*(?:\s+(?:of\s+|and\s+|the\s+|for\s+)?\p{Lu}[\p{L}]*)+/gu)) {
    const words = run[0].split(/\s+/);
    into.add(
      words
        .map((w) => w[0])
        .join("")
        .toLowerCase(),
    );
    into.add(
      words
        .filter((w) => /^\p{Lu}/u.test(w))
        .map((w) => w[0])
        .join("")
        .toLowerCase(),
    );
  }
}
