// Numbers as replies write them: "1,250.50", "75,00", "1.250,50", "seventy-five", "a hundred and twenty".

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

const byLengthDesc = (words: string[]) => [...words].sort((a, b) => b.length - a.length).join("|");
const SCALE_WORDS = `hundred|${byLengthDesc(Object.keys(SCALES))}`;
const NUMBER_WORD = `(?:${byLengthDesc(Object.keys(UNITS))}|${SCALE_WORDS})(?![a-z])`;

/** Words in one spelled-out number at most: "nine hundred and ninety-nine thousand nine hundred and ninety-nine" has 9. */
const MAX_NUMBER_WORDS = 12;

/**
 * Regex source (no groups, case-insensitive use) for a spelled-out number: "seventy-five",
 * "a hundred and twenty", "one thousand two hundred fifty", "twelve hundred". "a"/"an" counts only
 * before a scale word, so "a refund" is not a number. The word count is bounded so that a long run of
 * number words not followed by a currency costs linear time, not quadratic.
 */
export const NUMBER_WORDS_SOURCE = `(?:an?\\s+(?=(?:${SCALE_WORDS})(?![a-z])))?${NUMBER_WORD}(?:(?:\\s+and\\s+|\\s*-\\s*|\\s+)${NUMBER_WORD}){0,${MAX_NUMBER_WORDS - 1}}`;
const WHOLE_NUMBER_WORDS = new RegExp(`^${NUMBER_WORDS_SOURCE}$`, "i");

/** The value of a spelled-out number ("a hundred and twenty" → 120), or null if a word is not a number word. */
export function wordsToNumber(phrase: string): number | null {
  const words = phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w !== "" && w !== "and");
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const word of words) {
    const unit = UNITS[word];
    const scale = SCALES[word];
    if (unit !== undefined) current += unit;
    else if (word === "hundred") current = (current || 1) * 100;
    else if (scale !== undefined) {
      total += (current || 1) * scale;
      current = 0;
    } else if (word !== "a" && word !== "an") return null;
  }
  return total + current;
}

/**
 * A digit amount with its separators read the way the text most likely meant them:
 * "1,250.50" and "1.250,50" → 1250.5; "75,00" and "7,5" → decimal comma (one comma, one or two digits
 * after it); "75,000" and "12,34,567" → thousands; "1.250.000" → thousands; a single dot is a decimal
 * point ("75.000" → 75). Trailing punctuation ("75," captured by `[\d,]*`) is ignored. Null if the
 * text is not a number.
 */
export function parseNumber(text: string): number | null {
  let s = text.trim().replace(/^[.,]+|[.,]+$/g, "");
  // "1 250", "1'250,50": thousands grouped by spaces or apostrophes (French, Swiss).
  if (/^\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d{1,2})?$/.test(s)) s = s.replace(/[ '’]/g, "");
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  let plain: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const thousands = decimal === "," ? "." : ",";
    const [whole = "", fraction = ""] = splitLast(s, decimal);
    plain = `${whole.replaceAll(thousands, "")}.${fraction}`;
  } else if (lastComma >= 0) {
    const groups = s.split(",");
    const tail = groups[groups.length - 1] ?? "";
    plain = tail.length <= 2 ? `${groups.slice(0, -1).join("")}.${tail}` : s.replaceAll(",", "");
  } else if (lastDot >= 0) {
    const groups = s.split(".");
    if (groups.length === 2) plain = s;
    else if (groups.slice(1).every((g) => g.length === 3)) plain = s.replaceAll(".", "");
    else return null;
  } else {
    plain = s;
  }
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

function splitLast(s: string, separator: string): [string, string] {
  const at = s.lastIndexOf(separator);
  return [s.slice(0, at), s.slice(at + 1)];
}

/** A captured value as a number: digits first, then words ("seventy-five"); null if neither. */
export function parseNumberOrWords(text: string): number | null {
  return parseNumber(text) ?? (WHOLE_NUMBER_WORDS.test(text.trim()) ? wordsToNumber(text) : null);
}

/** Round to cents: amounts built from parts (75 + 50/100, 1.1 × 1e6) carry float noise. */
export const roundCents = (n: number): number => Math.round(n * 100) / 100;
