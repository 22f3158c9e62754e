// The PostgreSQL text search configuration a knowledge base is indexed under, from the agent's default
// language (settings `language.allowed[0]`, English when empty). Each language the detector names that
// PostgreSQL 15 and PGlite ship a Snowball stemmer for gets it, so "refunds" and "refunded" meet in the
// full-text half as the scorer's own stemmer makes them meet in the ranking. Every other language
// (Hebrew, Chinese, Japanese, Korean, Thai, Bengali) gets `simple`: lower-cased words, no stemming,
// no stopwords, which matches exact words in any script rather than stemming them wrongly. An agent
// with no language set is English, the engine's default, so `english` and not `simple` is the default:
// `simple` would miss every inflected form of a query word among the candidates.

const CONFIGS: Readonly<Record<string, string>> = {
  en: "english",
  fr: "french",
  de: "german",
  es: "spanish",
  it: "italian",
  pt: "portuguese",
  nl: "dutch",
  ru: "russian",
  el: "greek",
  ar: "arabic",
  hi: "hindi",
};

export function textSearchConfig(allowedLanguages: readonly string[]): string {
  return CONFIGS[allowedLanguages[0] ?? "en"] ?? "simple";
}
