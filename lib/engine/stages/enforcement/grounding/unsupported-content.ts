// The share of a reply's content words that no source uses. A reply that answers from its passages
// reuses their words; one that answers from elsewhere ("wear helmets, knee pads and wrist guards"
// beside a passage about walkable streets) brings its own. It is a measure, not a fact: it cannot say
// which sentence is wrong, so it blocks only above a share fit on rated answers (MTRAG-UN dev:
// bench/grounding/fit-unsupported.ts), and facts stay the precise check.

/** Above this share of unsupported content words a reply is ungrounded (fit by bench/grounding/fit-unsupported.ts). */
export const UNSUPPORTED_SHARE_LIMIT = 0.59;
/** A reply with fewer content words than this is not measured: a share of 2 out of 5 says little. */
const MIN_CONTENT_WORDS = 12;

/** Function words, and words any reply uses to talk about answering ("provide", "document", "help"). */
const STOPWORDS = new Set(
  (
    "a an the and or but if then so of to in on at by for with from as is are was were be been being it its " +
    "this that these those there here they them their you your we our us i me my he she his her him not no " +
    "yes can could will would should may might must do does did done have has had having than also more " +
    "most such which who whom whose what when where why how all any each other some about into over under " +
    "up down out only very just well however while although though because due per via like etc one two " +
    "both either neither many much few several own same too again further once get gets got make makes " +
    "made use used using way ways help let know please thank thanks sorry glad happy assist provide " +
    "provided provides document documents information info specific specifically mention mentioned " +
    "based according context passage passages text question answer note important"
  ).split(" "),
);
const WORD = /\p{L}[\p{L}'’-]*/gu;
const SUFFIXES = ["ingly", "edly", "ing", "ed", "ies", "es", "s", "ly", "er", "est", "ment", "tion", "ions", "al"];

/** A crude stem, enough that "requires", "required" and "requirement" meet at "requir". */
function stem(word: string): string {
  const w = word.replace(/^['’-]+|['’-]+$/gu, "").replace(/['’]s$/u, "");
  for (const suffix of SUFFIXES)
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  return w;
}

function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    if (m[0].length > 2 && !STOPWORDS.has(m[0])) words.push(stem(m[0]));
  }
  return words;
}

export interface UnsupportedContent {
  /** Content words of the reply no source uses, over all its content words (0 when not measured). */
  share: number;
  words: number;
  /** True when the reply has enough content words and the share is above the limit. */
  over: boolean;
}

export function unsupportedContent(
  reply: string,
  sourceTexts: string[],
  limit = UNSUPPORTED_SHARE_LIMIT,
): UnsupportedContent {
  const words = contentWords(reply);
  if (words.length < MIN_CONTENT_WORDS) return { share: 0, words: words.length, over: false };
  const known = new Set(sourceTexts.flatMap(contentWords));
  const share = words.filter((w) => !known.has(w)).length / words.length;
  return { share: Math.round(share * 1000) / 1000, words: words.length, over: share > limit };
}
