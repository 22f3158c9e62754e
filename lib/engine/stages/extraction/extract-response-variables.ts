import type { RE2JS } from "re2js";
import { totalNameOf } from "../../contracts/money-variable";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import { compileDesignerPattern } from "../../regex/compile-designer-pattern";
import { bindMoney, type UncertainAmount } from "./bind-money";
import { atSoftBoundary, type JoinedReading, joinedReading, withoutWordBoundaries } from "./joined-form";
import { foldKeepingCase, matchPhrases } from "./match-phrases";
import { canonicalizeMoney, extractMoney } from "./money";
import { moneyTokens } from "./money-tokens";
import { collapseSpacedLetters, normalizeForMatching } from "./normalize-text";
import { parseNumberOrWords, roundCents } from "./numbers";
import { stripMarkup } from "./strip-markup";

// Stage 3 of three-stage extraction (see README.md): what the agent committed to in its reply,
// as enforcement variables for lane 1 (docs/pipeline.md, stage 8). Deterministic: the designer's regexes,
// on re2js (linear time, so a customer who steers the reply cannot make a pattern backtrack), run
// over three forms of the reply so that disguises do not slip through:
//   raw        — the reply as generated;
//   normalized — normalizeForMatching: invisible characters, NFKC, diacritics, confusables, case,
//                spaced letters ("QuіckCart", "Q u i c k C a r t" → "quickcart");
//   canonical  — the normalized text with every money mention as "$<amount>" ("USD 75,00 back",
//                "seventy-five dollars refund" → "$75 back", "$75 refund").
//   joined     — for booleans: markup removed, broken lines joined, leetspeak read, case kept, with \b
//                also satisfied by a camelCase hump ("visitQuickCart", "Quick<b>Cart</b>", joined-form.ts).
// Booleans look at all four; numbers and strings at raw and canonical (normalized text with its money
// left as written adds no value the other two lack). Money variables bind amounts by their context
// words (bind-money.ts) over the normalized text with markup removed ("money" form), and run their
// patterns, if any, as extra detectors. Phrases variables match their names (match-phrases.ts) over the
// folded reply with its case kept ("folded" form), then the joined form; their patterns, if any, run as
// a boolean's.

export type ExtractionForm = "raw" | "canonical" | "normalized" | "joined" | "money" | "folded";

interface ResponseExtractionMatch {
  variable: string;
  value: unknown;
  /**
   * Index into the variable's `patterns`; -1 for an amount bound by a money variable's context words
   * or a name a phrases variable matched.
   */
  pattern: number;
  /** The match with a little context, from the form it was found in. */
  excerpt: string;
  form: ExtractionForm;
  /** Phrases variables: the name that matched, as the designer listed it, and the matched span, lower case. */
  phrase?: { name: string; span: string };
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
  /**
   * Money variables (and their `_total`) with a bound amount in a currency that has no rate: the
   * amounts as written. Lane 1 cannot decide a rule over them; `unresolved_money_blocks` decides.
   */
  unresolvedMoney: Record<string, string[]>;
  /**
   * Money variables: amounts near a context word read as a limit, cap, threshold, price or total
   * ("capped at $50", "the $75 item") and so not claimed, as written. Absent when there are none.
   */
  moneyLimits?: Record<string, string[]>;
  /**
   * Money variables: amounts the binder neither bound nor confidently classified (README.md,
   * "Uncertain amounts"). Lane 1 hands them over when the reply declared no claim for the variable.
   * Absent when there are none.
   */
  uncertainMoney?: Record<string, UncertainAmount[]>;
}

/** Evidence kept per variable; values are never capped. */
const MAX_MATCHES_PER_VARIABLE = 20;
const EXCERPT_CONTEXT = 30;

interface CompiledPattern {
  index: number;
  /**
   * Case-insensitive (bundle-variable.ts: patterns match case-insensitively), as the bundle validator compiles
   * it. RE2 reads the text as code points, as the `u` flag did for the normalized form, so astral
   * look-alikes are single characters in every form.
   */
  regex: RE2JS;
  /** The pattern with its \b removed, matched in the joined form at soft boundaries; booleans only. */
  joinable: RE2JS | null;
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
      const loose = variable.type === "boolean" || variable.type === "phrases" ? withoutWordBoundaries(source) : null;
      const joinable = loose === null ? null : compileDesignerPattern(loose, { caseInsensitive: true });
      patterns.push({ index, regex: result.regex, joinable: joinable?.ok ? joinable.regex : null });
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

type Matchable = Pick<RE2JS, "matchAll" | "test">;

/**
 * Every match of `regex` in the whole of `text`, in one pass. RE2's time is linear in the text
 * whatever the pattern, so nothing is cut into windows: a cut would let `$` and `\z` match at its
 * edge (`^a+$` held on 9,000 a's followed by "!") and `^` match in the middle of a reply.
 * Most patterns match nothing in most replies: `test` asks re2js's DFA first, which needs no
 * capture positions, and only a text it matches is scanned for them (the backtracker that finds
 * positions was ~40% of extraction on the demo agent's replies, the DFA a few percent).
 */
function* scan(regex: Matchable, text: string): Generator<FoundMatch> {
  if (!regex.test(text)) return;
  for (const match of regex.matchAll(text)) yield { index: match.index ?? 0, match };
}

function excerptOf(text: string, index: number, length: number): string {
  const from = Math.max(0, index - EXCERPT_CONTEXT);
  const to = Math.min(text.length, index + length + EXCERPT_CONTEXT);
  return `${from > 0 ? "…" : ""}${text.slice(from, to)}${to < text.length ? "…" : ""}`;
}

type CompiledVariable = ReturnType<typeof compile>["variables"][number];

/** The forms of the reply each kind of variable reads; the money and joined forms only when a variable needs them. */
function readingsOf(text: string, compiled: CompiledVariable[]) {
  const normalized = normalizeForMatching(text);
  const claims = extractMoney(normalized);
  // A reply without markup or wrapped words is its own money text: its normalized form is the one
  // just made, and so are the amounts in it (normalizing and reading money twice was a sixth of the stage).
  const bare = moneyText(text);
  const money = compiled.some((c) => c.variable.money) ? (bare === text ? normalized : normalizeForMatching(bare)) : "";
  const forms: Record<ExtractionForm, string> = {
    raw: text,
    normalized,
    canonical: canonicalizeMoney(normalized, claims),
    joined: "",
    money,
    folded: compiled.some((c) => c.variable.type === "phrases") ? foldedReply(text) : "",
  };
  const tokens = money === "" ? [] : moneyTokens(money, money === normalized ? claims : extractMoney(money));
  const joined = compiled.some(
    (c) => (c.variable.type === "boolean" && c.patterns.length > 0) || c.variable.type === "phrases",
  )
    ? joinedReading(text)
    : null;
  forms.joined = joined?.text ?? "";
  return { forms, tokens, joined };
}

/**
 * A boolean or phrases variable: true when a listed phrase or any pattern matches. The joined form only
 * when the other three saw nothing: it is the widest reading, and evidence from the plainer forms is
 * easier to follow.
 */
function flagMatched(
  { variable, patterns }: CompiledVariable,
  forms: Record<ExtractionForm, string>,
  joined: ReturnType<typeof joinedReading> | null,
  evidence: ResponseExtractionMatch[],
  record: RecordMatch,
): boolean {
  let matched = false;
  if (variable.type === "phrases") {
    evidence.push(...phraseEvidence(variable, forms));
    matched = evidence.length > 0;
  }
  for (const form of ["raw", "normalized", "canonical"] as const) {
    for (const pattern of patterns) {
      const first = scan(pattern.regex, forms[form]).next();
      if (first.done) continue;
      matched = true;
      record(form, pattern.index, first.value, true);
    }
  }
  for (const pattern of matched ? [] : patterns) {
    const hit = joined ? joinedMatch(pattern, joined) : null;
    if (!hit) continue;
    matched = true;
    record("joined", pattern.index, hit, true);
  }
  return matched;
}

/**
 * The enforcement variables a reply states:
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
  const { forms, tokens, joined } = readingsOf(text, compiled);
  const values: Record<string, unknown[]> = {};
  const unresolvedMoney: Record<string, string[]> = {};
  const moneyLimits: Record<string, string[]> = {};
  const uncertainMoney: Record<string, UncertainAmount[]> = {};
  const matches: ResponseExtractionMatch[] = [];

  for (const { variable, patterns } of compiled) {
    const evidence: ResponseExtractionMatch[] = [];
    const record = (form: ExtractionForm, pattern: number, found: FoundMatch, value: unknown) => {
      if (evidence.length >= MAX_MATCHES_PER_VARIABLE) return;
      const excerpt = excerptOf(forms[form], found.index, found.match[0].length);
      evidence.push({ variable: variable.name, value, pattern, excerpt, form });
    };

    if (variable.type === "boolean" || variable.type === "phrases") {
      values[variable.name] = [flagMatched({ variable, patterns }, forms, joined, evidence, record)];
    } else {
      const found = patternValues(variable, patterns, forms, record, warnings);
      if (variable.money) {
        const money = bindMoneyVariable(variable.money, tokens, found as number[], forms.money);
        for (const m of money.evidence)
          if (evidence.length < MAX_MATCHES_PER_VARIABLE) evidence.push({ ...m, variable: variable.name });
        recordMoney(variable.name, money, { values, unresolvedMoney, moneyLimits, uncertainMoney });
        matches.push(...evidence);
        continue;
      }
      if (found.length > 0) values[variable.name] = found;
    }
    matches.push(...evidence);
  }
  return {
    values,
    matches,
    warnings: [...new Set(warnings)],
    unresolvedMoney,
    ...(Object.keys(moneyLimits).length > 0 ? { moneyLimits } : {}),
    ...(Object.keys(uncertainMoney).length > 0 ? { uncertainMoney } : {}),
  };
}

type RecordMatch = (form: ExtractionForm, pattern: number, found: FoundMatch, value: unknown) => void;

/**
 * A number, string or money variable's pattern captures over the raw and canonical forms, each group in
 * reply order, distinct ignoring case; a capture that is not a number is a warning, not a value.
 */
function patternValues(
  variable: EngineResponseVariable,
  patterns: readonly CompiledPattern[],
  forms: Record<ExtractionForm, string>,
  record: RecordMatch,
  warnings: string[],
): unknown[] {
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
      const value = variable.type === "string" ? captured : parseNumberOrWords(captured);
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
  return found;
}

/** A phrases variable's names in the folded reply, else in its joined reading: one evidence row per name found. */
function phraseEvidence(
  variable: EngineResponseVariable,
  forms: Record<ExtractionForm, string>,
): ResponseExtractionMatch[] {
  for (const form of ["folded", "joined"] as const) {
    if (forms[form] === "") continue;
    const hits = matchPhrases(forms[form], variable.phrases ?? [], MAX_MATCHES_PER_VARIABLE);
    if (hits.length === 0) continue;
    return hits.map((hit) => ({
      variable: variable.name,
      value: true,
      pattern: -1,
      excerpt: excerptOf(forms[form], hit.index, hit.span.length),
      form,
      phrase: { name: variable.phrases?.[hit.phrase] ?? "", span: hit.span },
    }));
  }
  return [];
}

interface MoneyResults {
  values: Record<string, unknown[]>;
  unresolvedMoney: Record<string, string[]>;
  moneyLimits: Record<string, string[]>;
  uncertainMoney: Record<string, UncertainAmount[]>;
}

/** A money variable's bound amounts, their total, and what it read as limits, uncertain or unconvertible. */
function recordMoney(name: string, money: ReturnType<typeof bindMoneyVariable>, into: MoneyResults): void {
  if (money.amounts.length > 0) into.values[name] = money.amounts;
  else delete into.values[name];
  if (money.limits.length > 0) into.moneyLimits[name] = money.limits;
  if (money.uncertain.length > 0) into.uncertainMoney[name] = money.uncertain;
  if (money.unresolved.length > 0) {
    into.unresolvedMoney[name] = money.unresolved;
    into.unresolvedMoney[totalNameOf(name)] = money.unresolved;
  } else if (money.amounts.length > 0) {
    into.values[totalNameOf(name)] = [roundCents(money.amounts.reduce((sum, a) => sum + a, 0))];
  }
}

/** What phrases are matched against: the reply folded (foldKeepingCase) with spaced letters joined, case kept. */
function foldedReply(text: string): string {
  return collapseSpacedLetters(foldKeepingCase(text));
}

/** A word wrapped at a line end with a hyphen: "re-\nfund". */
const WRAPPED_WORD = /(\p{L})-[ \t]*\r?\n[ \t]*(?=\p{L})/gu;

/** What money binding reads: the text without markup, wrapped words joined (then normalized). */
export function moneyText(text: string): string {
  return stripMarkup(text).replace(WRAPPED_WORD, "$1");
}

/** The first match of a boolean's pattern in the joined form, as written or at a camelCase hump. */
function joinedMatch(pattern: CompiledPattern, joined: JoinedReading): FoundMatch | null {
  if (joined.rejoined) {
    const first = scan(pattern.regex, joined.text).next();
    if (!first.done) return first.value;
  }
  if (!pattern.joinable || !joined.humps) return null;
  for (const found of scan(pattern.joinable, joined.text)) {
    if (atSoftBoundary(joined.text, found.index, found.index + found.match[0].length)) return found;
  }
  return null;
}

/**
 * A money variable's values: every amount bound by its context words, once per mention, then what
 * its patterns found beyond those (a pattern value counts only as often as it outnumbers the bound
 * ones, so a "$75 refund" both bind and pattern see is one mention).
 */
function bindMoneyVariable(
  money: NonNullable<EngineResponseVariable["money"]>,
  tokens: ReturnType<typeof moneyTokens>,
  patternValues: number[],
  text: string,
): {
  amounts: number[];
  unresolved: string[];
  limits: string[];
  uncertain: UncertainAmount[];
  evidence: Omit<ResponseExtractionMatch, "variable">[];
} {
  const binding = bindMoney(tokens, money);
  const amounts = binding.amounts.map((a) => a.amount);
  const left = new Map<number, number>();
  for (const a of amounts) left.set(a, (left.get(a) ?? 0) + 1);
  for (const v of patternValues) {
    const n = left.get(v) ?? 0;
    if (n > 0) left.set(v, n - 1);
    else amounts.push(v);
  }
  const evidence = binding.amounts.map((a) => {
    const at = text.indexOf(a.text);
    return {
      value: a.amount,
      pattern: -1,
      excerpt: excerptOf(text, Math.max(0, at), a.text.length),
      form: "money" as const,
    };
  });
  // A value a designer's pattern found is bound: it is not uncertain.
  const uncertain = binding.uncertain.filter((u) => u.amount === null || !patternValues.includes(u.amount));
  return { amounts, unresolved: binding.unresolved, limits: binding.limits, uncertain, evidence };
}
