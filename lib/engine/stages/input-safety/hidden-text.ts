// Text hidden in a message so a reader of the words misses it: base64 and hex runs, a Caesar shift or
// reversed words ("Lpsruh suhylrxv lqvwuxfwlrqv"), pig latin ("erewhay oesday ethay useryay"), and
// Unicode tag characters (invisible letters). Each is decoded once, never recursively, and the decoded
// text is read by the classifier (`readInner`): an instruction inside is stronger evidence than the same
// words in plain text (nobody encodes a refund request); readable text hidden without one is WEAK, and
// invisible tag characters are LIKELY whatever they say (no keyboard types them).

const FLAGGED = 0.7;
const UNCERTAIN = 0.4;
const WEAK = 0.45;
const LIKELY = 0.8;

/** A base64 run shorter than this is an id or a code ("aGVsbG8=" is one word); 24 characters hold 18 bytes. */
const MIN_BASE64 = 24;
/** At most this much of one run is decoded: room for any instruction, and a bound on the work. */
const MAX_DECODED = 2048;
/** Hex bytes, spaced ("57 68 61 74 …") or together ("496e6f7265…"): at least 12 of them. */
const MIN_HEX_BYTES = 12;
const TAG_CHARACTERS = /[\u{E0020}-\u{E007E}]/u;

const isBase64Char = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47;

const isHexChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const hexPairAt = (message: string, at: number) =>
  isHexChar(message.charCodeAt(at)) && isHexChar(message.charCodeAt(at + 1));

/** Runs of spaced hex bytes ("57 68 61 74 …"), by one pass: at least MIN_HEX_BYTES pairs split by single spaces. */
function spacedHexRuns(message: string): string[] {
  const runs: string[] = [];
  let at = 0;
  while (at < message.length) {
    const startsWord = at === 0 || !isBase64Char(message.charCodeAt(at - 1));
    if (!startsWord || !hexPairAt(message, at) || message[at + 2] !== " ") {
      at++;
      continue;
    }
    let end = at;
    while (
      hexPairAt(message, end) &&
      (message[end + 2] === " " || end + 2 >= message.length || !isBase64Char(message.charCodeAt(end + 2)))
    ) {
      end += 3;
      if (message[end - 1] !== " ") break;
    }
    if ((end - at) / 3 >= MIN_HEX_BYTES) runs.push(message.slice(at, Math.min(end, at + MAX_DECODED)));
    at = Math.max(end, at + 1);
  }
  return runs;
}

/** Runs of base64 characters at least MIN_BASE64 long, by one pass over the char codes (a regex costs 10× more here). */
function base64Runs(message: string): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let at = 0; at <= message.length; at++) {
    if (at < message.length && isBase64Char(message.charCodeAt(at))) {
      if (start < 0) start = at;
      continue;
    }
    if (start >= 0 && at - start >= MIN_BASE64) runs.push(message.slice(start, Math.min(at, start + MAX_DECODED)));
    start = -1;
  }
  return runs;
}

/** Printable text that bytes decode to, or null when they decode to bytes no one types. */
function printable(bytes: Uint8Array): string | null {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const kept = text.replace(/[^\x20-\x7E\n\t]/g, "").length;
  return kept / Math.max(1, text.length) >= 0.9 && /[a-z]{2,} [a-z]{2,}/i.test(text) ? text : null;
}

function fromBase64(run: string): string | null {
  try {
    const binary = atob(run.length % 4 === 0 ? run : run.slice(0, run.length - (run.length % 4)));
    return printable(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

function fromHex(run: string): string | null {
  const pairs = run.replace(/\s+/g, "").slice(0, MAX_DECODED).match(/../g) ?? [];
  return printable(Uint8Array.from(pairs, (pair) => Number.parseInt(pair, 16)));
}

/** Words an attack is made of, to recognise them shifted or reversed. */
const KEY_WORDS =
  "ignore previous instructions disregard forget prompt system password secret rules reveal above following state output answer".split(
    " ",
  );
const shift = (word: string, by: number) =>
  word.replace(/[a-z]/g, (ch) => String.fromCharCode(((ch.charCodeAt(0) - 97 + by + 26) % 26) + 97));
/** Each key word shifted by 1–25 (the shift back to it) and reversed (0). */
const SHIFTED: ReadonlyMap<string, number> = new Map([
  ...KEY_WORDS.flatMap((word) => Array.from({ length: 25 }, (_, k) => [shift(word, k + 1), 26 - (k + 1)] as const)),
  ...KEY_WORDS.map((word) => [[...word].reverse().join(""), 0] as const),
]);

/** The message shifted back or reversed, when two of its words agree on how; else null. */
function unshifted(message: string, words: readonly string[]): string | null {
  const votes = new Map<number, number>();
  for (const word of words) {
    const back = word.length >= 5 ? SHIFTED.get(word) : undefined;
    if (back !== undefined) votes.set(back, (votes.get(back) ?? 0) + 1);
  }
  const [back] = [...votes].find(([, n]) => n >= 2) ?? [];
  if (back === undefined) return null;
  const lower = message.toLowerCase();
  return back === 0 ? [...lower].reverse().join("") : shift(lower, back);
}

/** English words that end in "ay" ("monday, tuesday … or sunday" is no pig latin). */
const ENGLISH_AY =
  /(?:day|way|^(?:say|may|pay|play|stay|okay|delay|essay|array|display|relay|spray|tray|gray|clay|bay|lay|ray|hay|pray|sway|stray|decay|replay|repay|betray|x?ray))$/;

/** Pig latin read back ("erewhay" → "where", "useryay" → "user"), when most words are written in it. */
function fromPigLatin(words: readonly string[]): string | null {
  const latin = words.filter((word) => word.length >= 3 && word.endsWith("ay") && !ENGLISH_AY.test(word));
  if (latin.length < 4 || latin.length < words.length * 0.6) return null;
  return words
    .filter((word) => /^[a-z]{3,}$/.test(word))
    .map((word) => {
      if (!word.endsWith("ay")) return word;
      if (word.endsWith("yay")) return word.slice(0, -3);
      const stem = word.slice(0, -2);
      const cluster = /[^aeiou]+$/.exec(stem)?.[0] ?? "";
      return cluster.length === stem.length ? stem : cluster + stem.slice(0, stem.length - cluster.length);
    })
    .join(" ");
}

/** The invisible tag characters of a message read as the ASCII they mirror. */
function fromTags(message: string): string {
  let text = "";
  for (const ch of message) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xe0020 && code <= 0xe007e) text += String.fromCharCode(code - 0xe0000);
  }
  return text;
}

/** How strongly decoded text reads as an attempt: its own verdict's weight, or WEAK for hidden prose. */
function decodedWeight(text: string | null, readInner: (text: string) => number): number {
  if (text === null) return 0;
  const inner = readInner(text);
  return inner >= FLAGGED ? 0.9 : inner >= UNCERTAIN ? 0.6 : WEAK;
}

/**
 * The strongest `encoded_payload` weight of a message (`words`: its word tokens, lower-cased): 0 when
 * nothing is hidden in it. A base64 run that decodes to harmless prose stays 0 (ids and tokens decode
 * to text too: "dGVzdA==" is "test"); a hex run of the same is WEAK (nobody types prose as hex).
 */
export function hiddenTextWeight(
  message: string,
  words: readonly string[],
  readInner: (text: string) => number,
): number {
  let best = 0;
  for (const run of base64Runs(message)) {
    const hex = run.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(run);
    const weight = decodedWeight(hex ? fromHex(run) : fromBase64(run), readInner);
    best = Math.max(best, hex || weight > WEAK ? weight : 0);
  }
  for (const run of spacedHexRuns(message)) best = Math.max(best, decodedWeight(fromHex(run), readInner));
  best = Math.max(
    best,
    decodedWeight(unshifted(message, words), readInner),
    decodedWeight(fromPigLatin(words), readInner),
  );
  if (TAG_CHARACTERS.test(message)) best = Math.max(best, LIKELY, decodedWeight(fromTags(message), readInner));
  return best;
}
