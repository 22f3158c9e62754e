// The knowledge scorer's stemmer: the inflections of one English word meet on one term, so "takes",
// "taking" and "taken" find a passage that says "take". It strips inflections only (plural and third
// person -s/-es, -ed, -ing, -ly, -ation): derivational suffixes ("-ment", "-ness") would merge words a
// support question keeps apart, and none of the corpora of bench/knowledge needed them.
//
// The rules a plain suffix list broke: "take" kept its e (4 letters) where "takes" lost "es" and
// became "tak", so the two never met. Here every form drops a final e last, after its suffix, so
// take / takes / taking all end on "tak" and price / prices / pricing on "pric".

/** Irregular participles and past forms of verbs support questions use: the stem of their base form. */
const IRREGULAR: Readonly<Record<string, string>> = {
  taken: "take",
  took: "take",
  given: "give",
  gave: "give",
  sent: "send",
  bought: "buy",
  paid: "pay",
  made: "make",
  chosen: "choose",
  chose: "choose",
  written: "write",
  wrote: "write",
  shipped: "ship",
  left: "leave",
  lost: "lose",
  broken: "break",
  broke: "break",
  sold: "sell",
  spent: "spend",
  kept: "keep",
  won: "win",
  gone: "go",
  went: "go",
  done: "do",
  seen: "see",
  saw: "see",
  got: "get",
  gotten: "get",
  goes: "go",
};

const VOWEL = /[aeiouy]/;

/** "ss", "ll", "zz" stay doubled ("passed" → "pass", "billing" → "bill"); any other double goes ("shipping" → "ship"). */
function undouble(base: string): string {
  const last = base.charAt(base.length - 1);
  return base.length >= 3 && last === base.charAt(base.length - 2) && !/[aeiouylsz]/.test(last)
    ? base.slice(0, -1)
    : base;
}

/** Strips `suffix` when what is left has a vowel and at least `min` letters; null when it does not apply. */
function strip(word: string, suffix: string, min: number): string | null {
  if (!word.endsWith(suffix)) return null;
  const base = word.slice(0, -suffix.length);
  return base.length >= min && VOWEL.test(base) ? base : null;
}

/** "-ly" of an adverb ("quickly" → "quick"), not of a verb in "-ply" ("apply", "reply", "supply"). */
const SUFFIXES = [
  ["ations", 3],
  ["ation", 3],
  ["edly", 3],
  ["ing", 2],
  ["ed", 2],
  ["ly", 3],
] as const;

/** The inflection of `word` removed: the plural or -s, then one of -ation(s), -edly, -ed, -ing, -ly. */
function withoutSuffix(word: string): string {
  // Plural, third person and past of a "-y" verb: "-ies"/"-ied" → "y" ("policies" → "policy",
  // "replied" → "reply"), "-sses" → "ss", a lone "-s" goes but "ss", "us" and "is" stay ("address",
  // "status", "analysis").
  let base = word;
  if (base.length > 4 && /i(es|ed)$/.test(base)) return `${base.slice(0, -3)}y`;
  if (base.endsWith("sses")) base = base.slice(0, -2);
  else if (base.length > 3 && base.endsWith("s") && !/(ss|us|is)$/.test(base)) base = base.slice(0, -1);
  // "-eed" is a past only after a vowel ("agreed" → "agree"); "need", "feed" and "speed" are words.
  if (base.endsWith("eed")) return base;
  for (const [suffix, min] of SUFFIXES) {
    if (suffix === "ly" && base.endsWith("ply")) break;
    const stripped = strip(base, suffix, min);
    if (stripped === null) continue;
    if (suffix === "ly" || suffix === "ation" || suffix === "ations") return stripped;
    // "using" → "us" → "use", "aged" → "age": a two-letter stem ending in a consonant had lost its e
    // ("going" → "go" had none).
    if (stripped.length === 2 && !VOWEL.test(stripped.charAt(1))) return `${stripped}e`;
    return undouble(stripped);
  }
  return base;
}

/**
 * One word's term: its inflection removed, then the same endings evened out on every form alike, so a
 * base form and its inflections agree: "-eed" after a vowel loses its d ("agreed", "exceeding" →
 * "exceed" → "excee"); a final e goes from a stem of 4 letters or more not ending in "ee" ("take" and
 * "takes" → "tak"; "free" and "use" stay); a final "ll" of a stem of 6 or more is single ("cancelled"
 * and "cancel", "installing" and "install" meet; "bill", "small" stay).
 */
export function stemTerm(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return stemTerm(irregular);
  if (word.length <= 2 || /^\d+$/.test(word)) return word;
  let base = withoutSuffix(word);
  if (base.endsWith("eed") && VOWEL.test(base.slice(0, -3))) base = base.slice(0, -1);
  if (base.length >= 4 && base.endsWith("e") && !base.endsWith("ee")) base = base.slice(0, -1);
  if (base.length >= 6 && base.endsWith("ll")) base = base.slice(0, -1);
  return base;
}
