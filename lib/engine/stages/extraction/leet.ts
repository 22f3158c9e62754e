// Leetspeak: digits and symbols standing for letters inside a word ("Qu1ckC4rt", "r3fund", "$hopNest").
// Only a token that mixes letters with such characters is read this way, so amounts ("$75", "1,250")
// and plain numbers never change.

/** Digits and symbols that stand for letters inside a word, for replies and customer messages alike. */
export const LEET_LETTERS: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "¡": "i",
};

/** Replies also read a "|" inside a word as an l ("Sh0p|Nest" → "ShopNest"). */
const LEET: Readonly<Record<string, string>> = { ...LEET_LETTERS, "|": "l" };

const TOKEN = /[\p{L}\p{N}@$!¡|]+/gu;
const HAS_LETTER = /\p{L}/u;
const HAS_LEET = /[0134578@$!¡|]/;

/** One token read as letters: "r3fund" → "refund"; a token without letters is returned as is. */
export function deleetWord(token: string): string {
  if (!HAS_LETTER.test(token) || !HAS_LEET.test(token)) return token;
  let out = "";
  for (const ch of token) out += LEET[ch] ?? ch;
  return out;
}

/** Every mixed token of the text read as letters: "Try Qu1ckC4rt!" → "Try QuickCart!". */
export function deleet(text: string): string {
  return text.replace(TOKEN, (token) => {
    // A trailing "!" is punctuation, not an i: "Sh0pNest!" keeps its "!".
    const trail = /!+$/.exec(token)?.[0] ?? "";
    return deleetWord(token.slice(0, token.length - trail.length)) + trail;
  });
}
