import { type CelDeclarations, type CelType, createCelEnvironment, parseCel } from "./cel-environment";
import { checkExpression } from "./check-expression";
import { withMatchesName } from "./re2-matches";

/**
 * What the rule editor's tester shows: the expression's verdict for the values typed,
 * `unresolved` when a variable it uses has no value (at turn time that is reported, never a silent
 * pass), or an error with the 0-based offset of the offending characters.
 */
export type ExpressionEvaluation =
  | { result: true }
  | { result: false }
  | { result: "unresolved"; missing: string[]; message: string }
  | {
      result: "error";
      kind: "syntax" | "undeclared" | "type" | "evaluation";
      message: string;
      position: number;
      end: number;
    };

/**
 * The variables an expression refers to, in the order they first appear: every identifier the checker
 * reports as undeclared when nothing is declared (the engine's compile step finds them the same way).
 */
export function expressionVariables(source: string): string[] {
  const probe = checkExpression(source, {});
  return probe.ok ? [] : probe.undeclared;
}

interface CelErrorLike {
  message?: string;
  summary?: string;
  range?: { start: number; end: number };
}

/**
 * Checks the expression against the declarations (the save-time check), then evaluates it with
 * `values`. A variable absent from `values` (or undefined) makes the result `unresolved`.
 */
export function evaluateExpression(
  source: string,
  declarations: CelDeclarations,
  values: Readonly<Record<string, unknown>>,
): ExpressionEvaluation {
  const check = checkExpression(source, declarations, { resultType: "bool" });
  if (!check.ok) {
    return { result: "error", kind: check.kind, message: check.message, position: check.position, end: check.end };
  }
  const used = expressionVariables(source);
  const missing = used.filter((name) => !Object.hasOwn(values, name) || values[name] === undefined);
  if (missing.length > 0) {
    return {
      result: "unresolved",
      missing,
      message: `No value for ${missing.join(", ")}: a turn without it reports the rule as unresolved, never as passed.`,
    };
  }
  const context = Object.fromEntries(used.map((name) => [name, values[name]]));
  let value: unknown;
  try {
    value = parseCel(createCelEnvironment(declarations), source).program(context);
  } catch (error) {
    const e = (error ?? {}) as CelErrorLike;
    const start = e.range?.start ?? 0;
    const summary = withMatchesName(e.summary ?? e.message?.split("\n")[0] ?? "evaluation failed");
    return {
      result: "error",
      kind: "evaluation",
      // At turn time an evaluation error is reported as unresolved (lane 1), so say so here too.
      message: `Evaluation error at column ${start + 1}: ${summary}. At turn time this rule would be unresolved.`,
      position: start,
      end: e.range?.end ?? start,
    };
  }
  if (typeof value !== "boolean") {
    return {
      result: "error",
      kind: "type",
      message: `The expression gave ${JSON.stringify(value) ?? String(value)}, not true or false.`,
      position: 0,
      end: source.length,
    };
  }
  return { result: value };
}

export type TesterValue = { ok: true; value: unknown } | { ok: false; message: string };

// A plain decimal number as people type it: "75", "-3", "49.99", ".5", "1e3".
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A tester input typed as its variable's CEL type: blank is "no value" (undefined, hence unresolved);
 * double takes a number, bool takes true/false, string takes the text as is, and dyn (tool outputs)
 * takes JSON — text that is not JSON is taken as a string, so `shipped` works like `"shipped"`.
 */
export function parseTesterValue(text: string, type: CelType): TesterValue {
  if (text.trim() === "") return { ok: true, value: undefined };
  const trimmed = text.trim();
  switch (type) {
    case "double":
      return NUMBER_TEXT.test(trimmed) && Number.isFinite(Number(trimmed))
        ? { ok: true, value: Number(trimmed) }
        : { ok: false, message: "Enter a number, e.g. 75 or 49.99." };
    case "bool":
      if (/^true$/i.test(trimmed)) return { ok: true, value: true };
      if (/^false$/i.test(trimmed)) return { ok: true, value: false };
      return { ok: false, message: "Enter true or false." };
    case "string":
      return { ok: true, value: text };
    case "dyn":
      try {
        return { ok: true, value: JSON.parse(trimmed) };
      } catch {
        return { ok: true, value: text };
      }
  }
}
