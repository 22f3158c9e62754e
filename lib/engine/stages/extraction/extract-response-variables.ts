import type { RE2JS } from "re2js";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import { compileDesignerPattern } from "../../regex/compile-designer-pattern";
import { canonicalizeMoney } from "./money";
import { normalizeForMatching } from "./normalize-text";
import { parseNumberOrWords } from "./numbers";

// Seed 003 Decision 7, stage 3 of three-stage extraction: what the agent committed to in its reply,
// as enforcement variables for lane 1 (PRODUCT.md §3 step 8). Deterministic: the designer's regexes,
// on re2js (linear time, so a customer who steers the reply cannot make a pattern backtrack), run
// over three forms of the reply so that disguises do not slip through:
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
  /** Patterns that did not compile (skipped), captures that are not numbers. */
  warnings: string[];
}

/**
 * Regexes run over windows of at most this many characters (a reply is usually under 2,000). RE2's
 * time is linear in the text, so windows no longer guard against backtracking; they keep evidence
 * local and the scan's slices small. Longer replies are scanned in overlapping windows, so nothing
 * past the cap goes unchecked.
 */
export const EXTRACTION_WINDOW_CHARS = 8_000;
/** Windows overlap by this much; a match longer than half of it that straddles a window edge can be missed. */
export const EXTRACTION_WINDOW_OVERLAP = 400;
/** Evidence kept per variable; values are never capped. */
const MAX_MATCHES_PER_VARIABLE = 20;
const EXCERPT_CONTEXT = 30;

interface CompiledPattern {
  index: number;
  /**
   * Case-insensitive (bundle.ts: patterns match case-insensitively), as the bundle validator compiles
   * it. RE2 reads the text as code points, as the `u` flag did for the normalized form, so astral
   * look-alikes are single characters in every form.
   */
  regex: RE2JS;
}

interface CompiledVariables {
  variables: { variable: EngineResponseVariable; patterns: CompiledPattern[] }[];
  warnings: string[];
}

const compiledCache = new WeakMap<readonly EngineResponseVariable[], CompiledVariables>();

function compile(variables: readonly EngineResponseVariable[]): CompiledVariables {
  const cached = compiledCache.get(variables);
  if (cached) return cached;
  const warnings: string[] = [];
  const compiled = variables.map((variable) => {
    const patterns: CompiledPattern[] = [];
    variable.patterns.forEach((source, index) => {
      const result = compileDesignerPattern(source, { caseInsensitive: true });
      if (!result.ok) {
        warnings.push(`variable "${variable.name}" pattern ${index} cannot run and was skipped: ${result.message}`);
        return;
      }
      patterns.push({ index, regex: result.regex });
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

type Matchable = Pick<RE2JS, "matchAll">;

/**
 * Every match of `regex` in `text`, window by window. A match is taken from the window in which it
 * starts before the middle of the overlap with the next window, so each is reported once and always
 * with at least half the overlap of context on both sides (\b sees real neighbours).
 */
function* scan(regex: Matchable, text: string): Generator<FoundMatch> {
  const step = EXTRACTION_WINDOW_CHARS - EXTRACTION_WINDOW_OVERLAP;
  const half = EXTRACTION_WINDOW_OVERLAP / 2;
  for (let offset = 0; offset < text.length || offset === 0; offset += step) {
    const last = offset + EXTRACTION_WINDOW_CHARS >= text.length;
    const from = offset === 0 ? 0 : half;
    const until = last ? Number.POSITIVE_INFINITY : step + half;
    for (const match of regex.matchAll(text.slice(offset, offset + EXTRACTION_WINDOW_CHARS))) {
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
          const first = scan(pattern.regex, forms[form]).next();
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
          for (const f of scan(pattern.regex, forms[form])) hits.push({ pattern: pattern.index, found: f });
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
