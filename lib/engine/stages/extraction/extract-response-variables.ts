import type { EngineResponseVariable } from "../../contracts/snapshot";
import { canonicalizeMoney } from "./money";
import { normalizeForMatching } from "./normalize-text";
import { parseNumberOrWords } from "./numbers";

// Seed 003 Decision 7, stage 3 of three-stage extraction: what the agent committed to in its reply,
// as enforcement variables for lane 1 (PRODUCT.md §3 step 8). Deterministic: the designer's regexes,
// run over three forms of the reply so that disguises do not slip through:
//   raw        — the reply as generated;
//   normalized — normalizeForMatching: invisible characters, NFKC, diacritics, confusables, case,
//                spaced letters ("QuіckCart", "Q u i c k C a r t" → "quickcart");
//   canonical  — the normalized text with every money mention as "$<amount>" ("USD 75,00 back",
//                "seventy-five dollars refund" → "$75 back", "$75 refund").
// Booleans look at all three; numbers and strings at raw and canonical (normalized text with its money
// left as written adds no value the other two lack).

export type ExtractionForm = "raw" | "canonical" | "normalized";

export interface ResponseExtractionMatch {
  variable: string;
  value: unknown;
  /** Index into the variable's `patterns`. */
  pattern: number;
  /** The match with a little context, from the form it was found in. */
  excerpt: string;
  form: ExtractionForm;
}

export interface ResponseExtraction {
  /**
   * Every boolean variable is here ([true] or [false]). A number or string variable is here only when
   * a pattern matched, with every distinct value in the order the reply states them (raw text first,
   * then canonical); absent means unresolved, which the caller reports, never a silent pass.
   */
  values: Record<string, unknown[]>;
  /** The evidence: for booleans the first match per pattern and form, for numbers and strings each match. */
  matches: ResponseExtractionMatch[];
  /** Patterns that did not compile (skipped), patterns at risk of slow backtracking, captures that are not numbers. */
  warnings: string[];
}

/**
 * Regexes run over windows of at most this many characters, which bounds the cost of a pattern that
 * backtracks polynomially (a reply is usually under 2,000 characters). Longer replies are scanned in
 * overlapping windows, so nothing past the cap goes unchecked.
 */
export const EXTRACTION_WINDOW_CHARS = 8_000;
/** Windows overlap by this much; a match longer than half of it that straddles a window edge can be missed. */
export const EXTRACTION_WINDOW_OVERLAP = 400;
/** Evidence kept per variable; values are never capped. */
const MAX_MATCHES_PER_VARIABLE = 20;
const EXCERPT_CONTEXT = 30;

interface CompiledPattern {
  index: number;
  /** Flags "gi", as the bundle validator compiles them (bundle.ts: patterns match case-insensitively). */
  plain: RegExp;
  /** Flags "giu" for the normalized form (astral look-alikes are single characters there); "gi" if `u` rejects the pattern. */
  unicode: RegExp;
}

interface CompiledVariables {
  variables: { variable: EngineResponseVariable; patterns: CompiledPattern[] }[];
  warnings: string[];
}

const compiledCache = new WeakMap<readonly EngineResponseVariable[], CompiledVariables>();

/** A quantified group that itself contains + or *: `(a+)+`, `(\w*)*`, `(?:x+y)+` — the classic catastrophic shape. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

function compile(variables: readonly EngineResponseVariable[]): CompiledVariables {
  const cached = compiledCache.get(variables);
  if (cached) return cached;
  const warnings: string[] = [];
  const compiled = variables.map((variable) => {
    const patterns: CompiledPattern[] = [];
    variable.patterns.forEach((source, index) => {
      const where = `variable "${variable.name}" pattern ${index}`;
      let plain: RegExp;
      try {
        plain = new RegExp(source, "gi");
      } catch (error) {
        warnings.push(`${where} is not a valid regular expression and was skipped: ${(error as Error).message}`);
        return;
      }
      let unicode = plain;
      try {
        unicode = new RegExp(source, "giu");
      } catch {
        // Valid without `u` only (e.g. "\-" outside a class): the normalized form uses the plain regex.
      }
      if (NESTED_QUANTIFIER.test(source)) {
        warnings.push(`${where} has a nested quantifier and may backtrack slowly on long replies`);
      }
      patterns.push({ index, plain, unicode });
    });
    if (variable.type === "boolean" && patterns.length === 0 && variable.patterns.length > 0) {
      warnings.push(`variable "${variable.name}" has no usable pattern and is always false`);
    }
    return { variable, patterns };
  });
  const result = { variables: compiled, warnings };
  compiledCache.set(variables, result);
  return result;
}

interface FoundMatch {
  /** Offset in the whole form text. */
  index: number;
  match: RegExpMatchArray;
}

/**
 * Every match of `regex` in `text`, window by window. A match is taken from the window in which it
 * starts before the middle of the overlap with the next window, so each is reported once and always
 * with at least half the overlap of context on both sides (lookbehinds and \b see real neighbours).
 */
function* scan(regex: RegExp, text: string): Generator<FoundMatch> {
  const step = EXTRACTION_WINDOW_CHARS - EXTRACTION_WINDOW_OVERLAP;
  const half = EXTRACTION_WINDOW_OVERLAP / 2;
  for (let offset = 0; offset < text.length || offset === 0; offset += step) {
    const last = offset + EXTRACTION_WINDOW_CHARS >= text.length;
    const from = offset === 0 ? 0 : half;
    const until = last ? Number.POSITIVE_INFINITY : step + half;
    for (const match of text.slice(offset, offset + EXTRACTION_WINDOW_CHARS).matchAll(regex)) {
      const at = match.index ?? 0;
      if (at >= from && at < until) yield { index: offset + at, match };
    }
    if (last) break;
  }
}

function excerptOf(text: string, index: number, length: number): string {
  const from = Math.max(0, index - EXCERPT_CONTEXT);
  const to = Math.min(text.length, index + length + EXCERPT_CONTEXT);
  return `${from > 0 ? "…" : ""}${text.slice(from, to)}${to < text.length ? "…" : ""}`;
}

/**
 * The enforcement variables a reply states (seed 003 Decision 7):
 * - boolean: true if any pattern matches the raw, normalized or canonical text; otherwise false.
 * - number: capture group 1 of every match in the raw and canonical text, as a number ("1,250" →
 *   1250, "75,00" → 75, "seventy-five" → 75); all distinct values; absent if nothing matched.
 * - string: capture group 1 (the whole match if there is none) of every match in the raw and
 *   canonical text; distinct ignoring case; absent if nothing matched.
 */
export function extractResponseVariables(
  text: string,
  variables: readonly EngineResponseVariable[],
): ResponseExtraction {
  const { variables: compiled, warnings: compileWarnings } = compile(variables);
  const warnings = [...compileWarnings];
  const normalized = normalizeForMatching(text);
  const forms: Record<ExtractionForm, string> = { raw: text, normalized, canonical: canonicalizeMoney(normalized) };
  const values: Record<string, unknown[]> = {};
  const matches: ResponseExtractionMatch[] = [];

  for (const { variable, patterns } of compiled) {
    const evidence: ResponseExtractionMatch[] = [];
    const record = (form: ExtractionForm, pattern: number, found: FoundMatch, value: unknown) => {
      if (evidence.length >= MAX_MATCHES_PER_VARIABLE) return;
      const excerpt = excerptOf(forms[form], found.index, found.match[0].length);
      evidence.push({ variable: variable.name, value, pattern, excerpt, form });
    };

    if (variable.type === "boolean") {
      let matched = false;
      for (const form of ["raw", "normalized", "canonical"] as const) {
        for (const pattern of patterns) {
          const regex = form === "normalized" ? pattern.unicode : pattern.plain;
          const first = scan(regex, forms[form]).next();
          if (first.done) continue;
          matched = true;
          record(form, pattern.index, first.value, true);
        }
      }
      values[variable.name] = [matched];
    } else {
      const found: unknown[] = [];
      const seen = new Set<unknown>();
      for (const form of ["raw", "canonical"] as const) {
        const hits: { pattern: number; found: FoundMatch }[] = [];
        for (const pattern of patterns) {
          for (const f of scan(pattern.plain, forms[form])) hits.push({ pattern: pattern.index, found: f });
        }
        hits.sort((a, b) => a.found.index - b.found.index || a.pattern - b.pattern);
        for (const hit of hits) {
          const captured = hit.found.match[1] ?? hit.found.match[0];
          const value = variable.type === "number" ? parseNumberOrWords(captured) : captured;
          if (value === null) {
            warnings.push(
              `variable "${variable.name}" pattern ${hit.pattern} captured "${captured}", which is not a number`,
            );
            continue;
          }
          const key = typeof value === "string" ? value.toLowerCase() : value;
          if (!seen.has(key)) {
            seen.add(key);
            found.push(value);
          }
          record(form, hit.pattern, hit.found, value);
        }
      }
      if (found.length > 0) values[variable.name] = found;
    }
    matches.push(...evidence);
  }
  return { values, matches, warnings: [...new Set(warnings)] };
}
