import { compileDesignerPattern } from "../regex/compile-designer-pattern";
import { CEL_MAX_EXPRESSION_LENGTH, type CelDeclarations, createCelEnvironment, parseCel } from "./cel-environment";
import { type MatchesLiteral, withMatchesName } from "./re2-matches";

export type ExpressionCheck =
  | { ok: true; type: string }
  | {
      ok: false;
      kind: "syntax" | "undeclared" | "type";
      /** One line for people: what is wrong and what to do. */
      message: string;
      /** 0-based offset of the first offending character, and where it ends. */
      position: number;
      end: number;
      /** Every variable the expression uses that is not declared (kind "undeclared"). */
      undeclared: string[];
    };

export interface CheckOptions {
  /** Enforcement expressions and validation rules must be predicates. */
  resultType?: "bool";
}

// cel-js stops at the first unknown variable; re-checking with it declared `dyn` finds the next one.
// 20 rounds cover any expression a person would write.
const MAX_UNDECLARED_ROUNDS = 20;

interface CelErrorLike {
  name?: string;
  code?: string;
  summary?: string;
  message?: string;
  range?: { start: number; end: number };
}

function describeError(error: unknown): { code: string; summary: string; start: number; end: number; parse: boolean } {
  const e = (error ?? {}) as CelErrorLike;
  return {
    code: e.code ?? "",
    summary: withMatchesName(e.summary ?? e.message?.split("\n")[0] ?? "invalid expression"),
    start: e.range?.start ?? 0,
    end: e.range?.end ?? 0,
    parse: e.name === "ParseError",
  };
}

/**
 * Parses and type-checks a CEL expression against declared variables without evaluating it — the
 * save-time check of every lane-1 expression (bundle import, rule editor, live tester).
 */
export function checkExpression(
  source: string,
  declarations: CelDeclarations,
  options: CheckOptions = {},
): ExpressionCheck {
  if (source.trim() === "") return fail("syntax", "The expression is empty.", 0, 0);
  if (source.length > CEL_MAX_EXPRESSION_LENGTH) {
    return fail("syntax", `The expression is longer than ${CEL_MAX_EXPRESSION_LENGTH} characters.`, 0, 0);
  }
  const undeclared: string[] = [];
  let firstUndeclared: { start: number; end: number } | null = null;
  let current: Record<string, "dyn" | CelDeclarations[string]> = { ...declarations };
  for (let round = 0; round < MAX_UNDECLARED_ROUNDS; round++) {
    let result: { valid: boolean; type?: string; error?: unknown };
    let literals: MatchesLiteral[] = [];
    try {
      const parsed = parseCel(createCelEnvironment(current), source);
      literals = parsed.matchesPatterns;
      result = parsed.program.check();
    } catch (error) {
      result = { valid: false, error };
    }
    if (result.valid) {
      if (undeclared.length > 0 && firstUndeclared) {
        return undeclaredFailure(undeclared, declarations, firstUndeclared);
      }
      const badPattern = matchesPatternFailure(literals);
      if (badPattern) return badPattern;
      const type = result.type ?? "dyn";
      if (options.resultType === "bool" && type !== "bool" && type !== "dyn") {
        return fail("type", `The expression must be true or false, but it gives a ${type}.`, 0, source.length);
      }
      return { ok: true, type };
    }
    const error = describeError(result.error);
    const name = source.slice(error.start, error.end);
    if (error.code === "unknown_variable" && name && !Object.hasOwn(current, name)) {
      undeclared.push(name);
      firstUndeclared ??= { start: error.start, end: error.end };
      current = { ...current, [name]: "dyn" };
      continue;
    }
    if (undeclared.length > 0 && firstUndeclared) return undeclaredFailure(undeclared, declarations, firstUndeclared);
    const column = error.start + 1;
    return error.parse
      ? fail("syntax", `Syntax error at column ${column}: ${error.summary}.`, error.start, error.end)
      : fail("type", `Type error at column ${column}: ${error.summary}.`, error.start, error.end);
  }
  return undeclaredFailure(undeclared, declarations, firstUndeclared ?? { start: 0, end: 0 });
}

/** A matches() pattern written in the expression that RE2 cannot run: refused now, not at turn time. */
function matchesPatternFailure(literals: readonly MatchesLiteral[]): ExpressionCheck | null {
  for (const literal of literals) {
    const compiled = compileDesignerPattern(literal.pattern, { caseInsensitive: false });
    if (!compiled.ok) {
      return fail("type", `matches() at column ${literal.start + 1}: ${compiled.message}`, literal.start, literal.end);
    }
  }
  return null;
}

function fail(kind: "syntax" | "type", message: string, position: number, end: number): ExpressionCheck {
  return { ok: false, kind, message, position, end, undeclared: [] };
}

function undeclaredFailure(
  names: string[],
  declarations: CelDeclarations,
  at: { start: number; end: number },
): ExpressionCheck {
  const known = Object.keys(declarations).sort();
  const list = names.map((n) => `"${n}"`).join(", ");
  const noun = names.length === 1 ? "is not a declared variable" : "are not declared variables";
  const hint = known.length > 0 ? `Declared: ${known.join(", ")}.` : "Nothing is declared yet.";
  return {
    ok: false,
    kind: "undeclared",
    message: `${list} ${noun}; declare ${names.length === 1 ? "it" : "them"} as a profile field, a response variable or a tool output variable. ${hint}`,
    position: at.start,
    end: at.end,
    undeclared: names,
  };
}
