import { patternProblem } from "@/lib/engine/contracts/bundle-expressions";
import { totalNameOf } from "@/lib/engine/contracts/money-variable";
import type { EngineResponseVariable } from "@/lib/engine/contracts/snapshot";
import {
  type ExtractionForm,
  extractResponseVariables,
} from "@/lib/engine/stages/extraction/extract-response-variables";
import type { ResponseVariable } from "./field-action-schemas";

export interface PatternMatch {
  value: unknown;
  /** The match with a little context, from the form of the reply it was found in. */
  excerpt: string;
  form: ExtractionForm;
}

export interface PatternResult {
  index: number;
  /** Why a save would refuse the pattern (bundle-expressions.ts); null when it is usable. */
  problem: string | null;
  blank: boolean;
  matches: PatternMatch[];
}

export interface VariableTest {
  /**
   * What enforcement would see: every distinct value, in the order the reply states them; booleans
   * are always [true] or [false]. null: a number or string variable that nothing matched, which a
   * lane-1 rule reports as unresolved.
   */
  values: unknown[] | null;
  patterns: PatternResult[];
  /** The engine's own warnings: skipped patterns, slow shapes, captures that are not numbers. */
  warnings: string[];
  /**
   * Money variables: each amount the context words bound, what lane 1 sees as `<name>_total`, and the
   * amounts read as limits rather than claims ("capped at $50").
   */
  money: { bound: PatternMatch[]; total: number | null; unresolved: string[]; limits: string[] } | null;
  /** Phrases variables: each listed name the reply contains, with the folded span that matched. */
  phrases: PhraseHit[] | null;
}

export interface PhraseHit {
  /** The name as listed. */
  name: string;
  /** The span of the folded reply that matched it, lower case: "quick-\ncart". */
  span: string;
  excerpt: string;
  form: ExtractionForm;
}

type TestedVariable = Pick<
  ResponseVariable,
  "name" | "type" | "patterns" | "currency" | "context_words" | "limit_words" | "rates" | "phrases"
>;

// A valid CEL identifier for the engine's warnings when the name field is still blank or invalid.
const NAMELESS = "this_variable";

/**
 * The pattern tester: the reply goes through extractResponseVariables, the draft loop's own stage,
 * with the variable as typed, so normalization (invisible characters,
 * confusables, spaced letters), money canonicalization and the windowed scan are the pipeline's. Blank
 * pattern rows are left out, as the save leaves them out; results keep the rows' indices.
 */
export function testResponseVariable(variable: TestedVariable, reply: string): VariableTest {
  const rows = variable.patterns.map((pattern, index) => ({ pattern, index })).filter((r) => r.pattern.trim() !== "");
  const name = /^[a-z][a-z0-9_]*$/.test(variable.name) ? variable.name : NAMELESS;
  const engineVariable: EngineResponseVariable = {
    name,
    type: variable.type,
    description: "",
    patterns: rows.map((r) => r.pattern),
    ...(variable.type === "money"
      ? {
          money: {
            currency: variable.currency ?? "",
            contextWords: variable.context_words ?? [],
            limitWords: variable.limit_words ?? [],
            rates: variable.rates ?? {},
          },
        }
      : {}),
    ...(variable.type === "phrases" ? { phrases: variable.phrases ?? [] } : {}),
  };
  const extraction = extractResponseVariables(reply, [engineVariable]);
  const patterns: PatternResult[] = variable.patterns.map((pattern, index) => ({
    index,
    blank: pattern.trim() === "",
    problem: pattern.trim() === "" ? null : patternProblem(pattern, variable.type),
    matches: [],
  }));
  for (const match of extraction.matches) {
    const row = rows[match.pattern];
    if (!row) continue;
    patterns[row.index]?.matches.push({ value: match.value, excerpt: match.excerpt, form: match.form });
  }
  // The engine numbers patterns among those it was given; say "pattern 2" as the designer counts rows.
  const warnings = extraction.warnings.map((warning) =>
    warning.replace(/pattern (\d+)/g, (_, n: string) => `pattern ${(rows[Number(n)]?.index ?? Number(n)) + 1}`),
  );
  const money =
    variable.type === "money"
      ? {
          bound: extraction.matches
            .filter((m) => m.pattern === -1)
            .map(({ value, excerpt, form }) => ({ value, excerpt, form })),
          total: (extraction.values[totalNameOf(name)]?.[0] as number | undefined) ?? null,
          unresolved: extraction.unresolvedMoney[name] ?? [],
          limits: extraction.moneyLimits?.[name] ?? [],
        }
      : null;
  const phrases =
    variable.type === "phrases"
      ? extraction.matches.flatMap(({ phrase, excerpt, form }) => (phrase ? [{ ...phrase, excerpt, form }] : []))
      : null;
  return { values: extraction.values[name] ?? null, patterns, warnings, money, phrases };
}
