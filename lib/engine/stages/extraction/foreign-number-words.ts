// Spelled-out numbers in French, German and Spanish, for amounts a reply writes in words:
// "soixante-quinze euros", "fünfundsiebzig Euro", "setenta y cinco euros". Only money reads them
// (money.ts `SPELLED`): there a currency word must follow, so a word these languages share with
// English ("six", "once", "cent") cannot turn an English sentence into a number.

/** Words worth their value, added up: "soixante quinze" = 60 + 15, "ciento veinte" = 100 + 20. */
const UNITS: Record<string, number> = {
  // French
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  // Spanish
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciséis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiún: 21,
  veintidós: 22,
  veintitrés: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiséis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
};
/** Words that multiply what came before them: "deux cents" = 2 × 100. */
const HUNDREDS = new Set(["cent", "cents"]);
/** Words that close a group: "dos mil quinientos" = 2 × 1,000 + 500. */
const SCALES: Record<string, number> = {
  mille: 1e3,
  mil: 1e3,
  million: 1e6,
  millions: 1e6,
  millón: 1e6,
  millones: 1e6,
};
/** "vingt et un", "setenta y cinco". */
const JOINERS = new Set(["et", "y"]);

/**
 * German writes a number below a million as one word: "zweihundertfünfundsiebzig" is
 * zwei·hundert·fünf·und·siebzig. These are its parts; "sech" and "sieb" only come before -zehn and -zig.
 */
const GERMAN_PARTS: Record<string, number> = {
  eins: 1,
  eine: 1,
  ein: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sech: 6,
  sieben: 7,
  sieb: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  zwanzig: 20,
  dreißig: 30,
  dreissig: 30,
  vierzig: 40,
  fünfzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};
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
const SCALE_VALUES = plainValue(SCALES);
const GERMAN_VALUES = plainValue(GERMAN_PARTS);

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
