import { detectAll } from "tinyld/light";

// The customer's language, decided locally and only when the text says so clearly. A language
// detector alone reads short English requests as other languages: tinyld names a language other than
// English for 4.2% of CLINC150's English test messages ("set a timer for 10 minutes" → Danish,
// "mexico travel alerts" → French). So a language other than the default is decided on evidence a
// reader would accept, and everything else is undetermined (tinyld's light build, used here for scripts
// only, names another language for 7.7% of them):
//   1. function words: the small words every sentence of a language uses ("je", "vous", "ich",
//      "nicht", "quiero", "para"), and letters only it writes ("ß", "ñ", "ç"); a language needs
//      MIN_FUNCTION_WORDS such signs of its own and more than any other language, English included;
//   2. a script of its own (Cyrillic, Greek, Arabic, Hebrew, CJK, Thai, Devanagari…), which the
//      detector reads with confidence ≥ SCRIPT_CONFIDENCE;
// Undetermined keeps the agent's default language; it never refuses a customer.

/** Function words per language: frequent, short, and rare as words in the other languages listed. */
const FUNCTION_WORDS: Record<string, readonly string[]> = {
  en: "the a an and of to is are was my me i you your it this that for with on in not do does can please what where when how have has will would".split(
    " ",
  ),
  fr: "le la les un une des du de et est sont je j tu il elle nous vous mon ma mes votre vos ce cette pas ne pour avec dans sur qui que quoi où comment merci bonjour suis avez voudrais".split(
    " ",
  ),
  de: "der das dem ein eine einen einem einer meinem meiner und oder aber auch noch schon nach ist sind ich du sie wir mein meine meinen ihr ihre nicht kein keine für auf von zu bitte danke wo wie warum habe haben möchte können".split(
    " ",
  ),
  es: "el la los las un una unos es yo tú él ella mi mis su sus para por en del que qué dónde cómo cuándo gracias hola quiero puedo tengo está estoy pedido".split(
    " ",
  ),
  it: "il gli è sono io tu lui lei mio mia di del della che cosa grazie ciao voglio posso ho".split(" "),
  pt: "os um uma é são eu você ele ela meu minha não para por da que onde como obrigado obrigada olá quero posso tenho".split(
    " ",
  ),
  nl: "de het een en ik jij je hij zij wij mijn niet geen voor met te dat wat waar hoe bedankt wil heb".split(" "),
};

/** Letters only one of the listed languages writes; a word with one counts once for it. */
const MARKER_LETTERS: readonly [string, RegExp][] = [
  ["de", /[äöüß]/],
  ["es", /ñ/],
  ["fr", /[çœêùûîïë]/],
];

/** Own function words a language needs before it is decided over the default. */
const MIN_FUNCTION_WORDS = 2;
/** The detector's own confidence needed to decide a language by its script alone. */
const SCRIPT_CONFIDENCE = 0.5;
/** Scripts that name a language family by themselves (not Latin). */
const OWN_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Devanagari}\p{Script=Bengali}]/u;

/** What `detectLanguage` can name: the function-word languages, then those it knows by their script. */
export const DETECTABLE_LANGUAGES = [
  ...Object.keys(FUNCTION_WORDS),
  ...["ru", "el", "ar", "he", "zh", "ja", "ko", "th", "hi", "bn"],
] as const;

const WORD_SETS = new Map(Object.entries(FUNCTION_WORDS).map(([code, words]) => [code, new Set(words)]));

export interface DetectedLanguage {
  /** ISO 639-1 code, or null when the text does not say clearly. */
  language: string | null;
  /** How it was decided: function words, script, or undetermined. */
  by: "function_words" | "script" | "undetermined";
  /** Function words counted per language (only those with any). */
  evidence: Record<string, number>;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
}

/** The language of `text`; `fallback` (the agent's default) wins every close or thin call. */
export function detectLanguage(text: string, fallback = "en"): DetectedLanguage {
  const evidence: Record<string, number> = {};
  const add = (code: string) => {
    evidence[code] = (evidence[code] ?? 0) + 1;
  };
  for (const word of words(text)) {
    for (const [code, set] of WORD_SETS) if (set.has(word)) add(code);
    const marked = MARKER_LETTERS.find(([, letters]) => letters.test(word));
    if (marked) add(marked[0]);
  }
  // "¿" and "¡" stand outside words.
  if (/[¿¡]/.test(text)) add("es");
  const ranked = Object.entries(evidence).sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (top && top[1] >= MIN_FUNCTION_WORDS && top[1] > (second?.[1] ?? 0)) {
    return { language: top[0], by: "function_words", evidence };
  }
  if (top && top[0] === fallback && top[1] > (second?.[1] ?? 0))
    return { language: fallback, by: "function_words", evidence };
  if (OWN_SCRIPT.test(text)) {
    const [best] = detectAll(text);
    if (best && best.accuracy >= SCRIPT_CONFIDENCE) return { language: best.lang, by: "script", evidence };
  }
  return { language: null, by: "undetermined", evidence };
}

const NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "fr" → "French": the name the prompt and the offline provider's note use. */
export function languageName(code: string): string {
  return NAMES.of(code) ?? code;
}
