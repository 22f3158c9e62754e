import { Environment, type ParseResult } from "@marcbachmann/cel-js";
import { type MatchesLiteral, registerRe2Matches, routeMatchesToRe2 } from "./re2-matches";

/**
 * CEL types a Focal variable can have. JSON numbers arrive as JS numbers, so numeric variables are
 * declared `double` (an int literal such as `50` still compares with them: `refund_amount <= 50`);
 * tool outputs have no declared shape and are `dyn`.
 */
export type CelType = "bool" | "double" | "string" | "dyn";

/** Variable name → CEL type, as declared by an agent's profile fields, variables and tools. */
export type CelDeclarations = Readonly<Record<string, CelType>>;

// Rule expressions are one-liners written in an editor: 2,000 characters and 500 AST nodes are far
// above any real rule, and bound the work a hostile bundle can make the checker do.
export const CEL_MAX_EXPRESSION_LENGTH = 2000;
const CEL_LIMITS = { maxAstNodes: 500, maxDepth: 32, maxListElements: 200, maxMapEntries: 200, maxCallArguments: 8 };

// Reserved by the CEL spec (language-definition.md "Syntax"); cel-js accepts them as variable names
// but no expression could then refer to the variable.
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  "true",
  "false",
  "null",
  "in",
  "as",
  "break",
  "const",
  "continue",
  "else",
  "for",
  "function",
  "if",
  "import",
  "let",
  "loop",
  "package",
  "namespace",
  "return",
  "var",
  "void",
  "while",
]);

/** A fresh environment with exactly these variables; environments freeze when cloned, so build one per check. */
export function createCelEnvironment(declarations: CelDeclarations): Environment {
  const env = registerRe2Matches(new Environment({ limits: CEL_LIMITS }));
  for (const [name, type] of Object.entries(declarations)) env.registerVariable(name, type);
  return env;
}

/** An environment for run time: undeclared names are `dyn`, matches() runs on RE2. */
export function createLenientCelEnvironment(): Environment {
  return registerRe2Matches(new Environment({ unlistedVariablesAreDyn: true }));
}

export interface ParsedCel {
  program: ParseResult;
  /** The pattern literals given to matches() in the expression, for the save-time check. */
  matchesPatterns: MatchesLiteral[];
}

/**
 * Parses `source` in `env` with every matches() routed to RE2 (re2-matches.ts). Every Focal parse,
 * check and evaluation goes through here; `env.check`/`env.evaluate` on raw text would use cel-js's
 * backtracking matches(). Throws cel-js's ParseError.
 */
export function parseCel(env: Environment, source: string): ParsedCel {
  const program = env.parse(source);
  return { program, matchesPatterns: routeMatchesToRe2(program.ast) };
}
