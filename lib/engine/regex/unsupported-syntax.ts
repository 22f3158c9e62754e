// RE2 (and so re2js) refuses what needs backtracking to run. Its own errors name the token
// ("invalid named capture: `(?<=a)b`", "invalid escape sequence: `\1`"); a designer gets the construct
// and what to write instead. The scan is escape- and class-aware, so `\(?=` or `[(?=]` are literals.

export type UnsupportedConstruct = "lookbehind" | "lookahead" | "backreference";

const ADVICE: Record<UnsupportedConstruct, string> = {
  lookbehind:
    "lookbehind is not supported: patterns run on a linear-time engine; match the words before the value and capture the value, e.g. refund of \\$(\\d+) rather than (?<=refund of \\$)\\d+",
  lookahead:
    "lookahead is not supported: patterns run on a linear-time engine; match the words after the value too, or end with \\b, e.g. (\\d+) dollars rather than \\d+(?= dollars)",
  backreference:
    "backreferences (\\1, \\k<name>) are not supported: patterns run on a linear-time engine; repeat the group's pattern instead",
};

/** The first construct RE2 cannot run, outside escapes and character classes; null when there is none. */
export function findUnsupportedConstruct(source: string): UnsupportedConstruct | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || (next === "k" && source[i + 2] === "<"))) return "backreference";
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      continue;
    }
    if (ch === "[") {
      inClass = true;
      // A "]" right after "[" or "[^" is a literal, not the end of the class.
      if (source[i + 1] === "^") i++;
      if (source[i + 1] === "]") i++;
      continue;
    }
    if (ch === "(" && source[i + 1] === "?") {
      const rest = source.slice(i + 2, i + 4);
      if (rest === "<=" || rest === "<!") return "lookbehind";
      if (rest[0] === "=" || rest[0] === "!") return "lookahead";
    }
  }
  return null;
}

export function unsupportedConstructMessage(construct: UnsupportedConstruct): string {
  return ADVICE[construct];
}
