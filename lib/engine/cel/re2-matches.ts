import { type ASTNode, type Environment, EvaluationError } from "@marcbachmann/cel-js";
import { compileDesignerPattern } from "../regex/compile-designer-pattern";

// CEL's string.matches(string) is RE2 by the CEL spec; cel-js runs it on JavaScript's backtracking
// RegExp, where "aaaa…!".matches("^(a+)+$") held the process 5 s at 30 characters. cel-js 8 cannot
// replace a standard overload (registerFunction throws "overlaps with existing overload" and the
// declarations are frozen), so every Focal environment gets a second overload under another name and
// each parsed expression's .matches( calls are pointed at it before they are type-checked.

/** The name our overload is registered under; never shown: messages say matches(). */
const RE2_MATCHES = "matches_re2";

export function registerRe2Matches(env: Environment): Environment {
  return env.registerFunction(`string.${RE2_MATCHES}(string): bool`, (text: string, pattern: string) => {
    const compiled = compileDesignerPattern(pattern, { caseInsensitive: false });
    if (!compiled.ok) throw new EvaluationError(`Invalid regular expression for matches(): ${compiled.message}`);
    return compiled.regex.test(text);
  });
}

type Visit = (node: ASTNode) => void;

function walk(value: unknown, visit: Visit): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (typeof (value as { op?: unknown }).op === "string") {
    visit(value as ASTNode);
    walk((value as { args: unknown }).args, visit);
    return;
  }
  // Comprehension arguments are a plain object of nodes.
  for (const item of Object.values(value)) walk(item, visit);
}

/**
 * Points every `x.matches(p)` in a parsed expression at the RE2 overload, and returns the pattern
 * literals it found (`"…"` written in the expression), so a save can refuse one RE2 cannot run.
 * Must run before the program is type-checked or evaluated: the check binds the overload.
 */
export interface MatchesLiteral {
  pattern: string;
  /** 0-based offsets of the literal in the expression. */
  start: number;
  end: number;
}

export function routeMatchesToRe2(ast: ASTNode): MatchesLiteral[] {
  const literals: MatchesLiteral[] = [];
  walk(ast, (node) => {
    if (node.op !== "rcall") return;
    const args = node.args as [string, ASTNode, ASTNode[]];
    if (args[0] !== "matches" || args[2].length !== 1) return;
    args[0] = RE2_MATCHES;
    const pattern = args[2][0];
    if (pattern?.op === "value" && typeof pattern.args === "string") {
      literals.push({ pattern: pattern.args, start: pattern.start, end: pattern.end });
    }
  });
  return literals;
}

/** Error text with the internal overload name put back as the designer wrote it. */
export function withMatchesName(message: string): string {
  return message.replaceAll(RE2_MATCHES, "matches");
}
