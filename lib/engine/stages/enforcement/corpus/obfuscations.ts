// Ways a reply can write a word so that a plain pattern no longer sees it, each a function of the word
// and a variant number (so one obfuscation yields several spellings). Applied to competitor names and
// to the word "refund" by the corpus generator; none of them is tuned to a particular name.

export type Obfuscate = (word: string, variant: number) => string;

const pick = <T>(items: readonly T[], variant: number): T => items[variant % items.length] as T;
const letters = (word: string) => [...word];
/** Apply `f` to every other letter, starting at 0 or 1 by variant, or to all of them for variant ≥ 2. */
const some = (word: string, variant: number, f: (ch: string) => string) =>
  letters(word)
    .map((ch, i) => (variant % 3 === 2 || i % 2 === variant % 3 ? f(ch) : ch))
    .join("");

const HOMOGLYPHS: Record<string, string[]> = {
  a: ["\u0430", "\u03B1"],
  c: ["\u0441", "\u03F2"],
  e: ["\u0435", "\u0454"],
  i: ["\u0456", "\u0131"],
  k: ["\u03BA", "\u043A"],
  n: ["\u0578"],
  o: ["\u043E", "\u03BF", "\u0585"],
  p: ["\u0440", "\u03C1"],
  r: ["\u0433"],
  s: ["\u0455"],
  t: ["\u03C4"],
  u: ["\u057D"],
  y: ["\u0443"],
  B: ["\u0412", "\u0392"],
  C: ["\u0421", "\u216D"],
  M: ["\u041C", "\u039C", "\u13B7"],
  N: ["\u039D"],
  Q: ["\u051A"],
  S: ["\u0405", "\uA4E2"],
};
export const homoglyph: Obfuscate = (word, v) =>
  some(word, v, (ch) => (HOMOGLYPHS[ch] ? pick(HOMOGLYPHS[ch] ?? [ch], v) : ch));

const INVISIBLES = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u180E"];
export const zeroWidth: Obfuscate = (word, v) =>
  letters(word)
    .join(v % 2 === 0 ? pick(INVISIBLES, v) : "")
    .replace(/^(.)(.)/u, `$1${pick(INVISIBLES, v + 1)}$2`);

const BIDI: ((w: string) => string)[] = [
  (w) => `\u202E${w}\u202C`,
  (w) => `\u2066${w.slice(0, 3)}\u2069${w.slice(3)}`,
  (w) => letters(w).join("\u200E"),
  (w) => `${w.slice(0, 2)}\u202D${w.slice(2)}\u202C`,
  (w) => `\u2067${w}\u2069`,
];
export const bidi: Obfuscate = (word, v) => pick(BIDI, v)(word);

export const tagCharacters: Obfuscate = (word, v) => {
  const tag = String.fromCodePoint(0xe0020 + (v % 90));
  return letters(word).join(v % 2 === 0 ? tag : "") + (v % 2 === 1 ? `\u{E0001}${tag}\u{E007F}` : "");
};

/** Mathematical alphanumeric alphabets without holes: bold, bold italic, sans, sans bold, monospace. */
const MATH: [number, number, number | null][] = [
  [0x1d400, 0x1d41a, 0x1d7ce],
  [0x1d468, 0x1d482, null],
  [0x1d5a0, 0x1d5ba, 0x1d7e2],
  [0x1d5d4, 0x1d5ee, 0x1d7ec],
  [0x1d670, 0x1d68a, 0x1d7f6],
];
export const mathAlphanumeric: Obfuscate = (word, v) => {
  const [upper, lower, digit] = pick(MATH, v);
  return letters(word)
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (c >= 65 && c <= 90) return String.fromCodePoint(upper + c - 65);
      if (c >= 97 && c <= 122) return String.fromCodePoint(lower + c - 97);
      if (c >= 48 && c <= 57 && digit !== null) return String.fromCodePoint(digit + c - 48);
      return ch;
    })
    .join("");
};

export const fullwidth: Obfuscate = (word) =>
  letters(word)
    .map((ch) => (ch >= "!" && ch <= "~" ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch))
    .join("");

const MARKS = ["\u0301", "\u0308", "\u0336", "\u0300", "\u0327", "\u0338", "\u20E3"];
export const diacritics: Obfuscate = (word, v) => some(word, v, (ch) => (/\p{L}/u.test(ch) ? ch + pick(MARKS, v) : ch));

const LEET: Record<string, string[]> = {
  a: ["4", "@"],
  e: ["3"],
  i: ["1", "!"],
  o: ["0"],
  s: ["5", "$"],
  t: ["7"],
  B: ["8"],
};
export const leetspeak: Obfuscate = (word, v) =>
  letters(word)
    .map((ch, i) => {
      const options = LEET[ch] ?? LEET[ch.toLowerCase()];
      // Never the first letter of a word a reader must still recognize, and "!" / "$" only inside.
      return options && (i > 0 || v % 2 === 1) ? pick(options, v + i) : ch;
    })
    .join("");

const SPACES = [" ", " ", "  ", "\u00A0", " "];
export const spacedLetters: Obfuscate = (word, v) => letters(word).join(pick(SPACES, v));

const DOTS = [".", "-", "_", "\u00B7", "\u2022", "/", "|"];
export const dottedLetters: Obfuscate = (word, v) => letters(word).join(pick(DOTS, v));

const CAMEL: ((w: string) => string)[] = [
  (w) => `visit${w}`,
  (w) => `${w}Deals`,
  (w) => `try${w}Today`,
  (w) => `shopAt${w}`,
  (w) => `${w}Outlet`,
  (w) => `#goto${w}`,
];
export const camelCaseJoin: Obfuscate = (word, v) => pick(CAMEL, v)(word);

const MARKDOWN: ((w: string) => string)[] = [
  (w) => `**${w}**`,
  (w) => `${w.slice(0, 3)}**${w.slice(3)}**`,
  (w) => `_${w}_`,
  (w) => `[${w}](https://example.test/${w.toLowerCase()})`,
  (w) => `~~${w}~~`,
  (w) => `${w.slice(0, 2)}*${w.slice(2)}*`,
];
export const markdownWrap: Obfuscate = (word, v) => pick(MARKDOWN, v)(word);

const entity = (ch: string, v: number) =>
  v % 2 === 0 ? `&#${ch.charCodeAt(0)};` : `&#x${ch.charCodeAt(0).toString(16)};`;
const HTML: ((w: string, v: number) => string)[] = [
  (w) => `<b>${w}</b>`,
  (w) => `<span>${w.slice(0, 3)}</span><span>${w.slice(3)}</span>`,
  (w, v) => `${entity(w[0] ?? "", v)}${w.slice(1)}`,
  (w) => `${w.slice(0, 4)}&shy;${w.slice(4)}`,
  (w) => `<a href="https://example.test">${w}</a>`,
  (w) => `${w.slice(0, 2)}<!-- x -->${w.slice(2)}`,
  (w) => `<em>${w.slice(0, 1)}</em>${w.slice(1)}`,
];
export const htmlWrap: Obfuscate = (word, v) => pick(HTML, v)(word, v);

const BREAKS = ["\n", "-\n", "\r\n", "-\n  "];
export const lineBreakInside: Obfuscate = (word, v) => {
  const at = 2 + (v % Math.max(1, word.length - 3));
  return `${word.slice(0, at)}${pick(BREAKS, v)}${word.slice(at)}`;
};

const QUOTES: ((w: string) => string)[] = [
  (w) => `\u201C${w}\u201D`,
  (w) => `'${w}'`,
  (w) => `\`${w}\``,
  (w) => `\n\`\`\`\n${w}\n\`\`\`\n`,
  (w) => `\u00AB${w}\u00BB`,
  (w) => `"${w}"`,
];
export const quotesAndCode: Obfuscate = (word, v) => pick(QUOTES, v)(word);
