import { RE2JS } from "re2js";
import { findUnsupportedConstruct, unsupportedConstructMessage } from "./unsupported-syntax";

// Patterns a designer (or an imported bundle) supplies run over replies that customers steer, so they
// run on re2js: RE2's automata match in time linear in the text whatever the pattern, where a
// backtracking RegExp took 6 s on 25 characters for (a+)+$. RE2 has no lookarounds or backreferences
// (they need backtracking); those are refused at save and import (bundle-expressions.ts) with advice.

export type CompiledDesignerPattern = { ok: true; regex: RE2JS } | { ok: false; message: string };

export interface DesignerPatternOptions {
  /** Extraction patterns match case-insensitively (bundle-variable.ts); CEL's matches() does not. */
  caseInsensitive: boolean;
}

// Patterns per agent are few (bundle-variable.ts: 50 per variable), and the CEL tester compiles what is typed:
// 2,000 compiled patterns cover many agents; the cache is cleared rather than evicted one by one.
const MAX_CACHED = 2000;
const cache = new Map<string, CompiledDesignerPattern>();

/**
 * JavaScript's \uHHHH and \u{H…} escapes written as RE2's \x{H…}, so patterns written for JS keep
 * working; everything else is RE2 syntax, which JS patterns without lookarounds mostly already are.
 */
function translateUnicodeEscapes(source: string): string {
  return source.replace(/\\(\\|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4}))/g, (whole, _x, braced, four) =>
    braced || four ? `\\x{${braced ?? four}}` : whole,
  );
}

function describeSyntaxError(source: string, error: unknown): string {
  const construct = findUnsupportedConstruct(source);
  if (construct) return unsupportedConstructMessage(construct);
  const raw = (error as { message?: string }).message ?? String(error);
  // re2js quotes the pattern with the flag it was compiled under: "missing closing ): `(?i)(x`".
  const text = raw.replace(/^error parsing regexp: /, "").replace("`(?i)", "`");
  return `Not a valid regular expression: ${text}`;
}

/** The pattern compiled for re2js, or why it cannot run (a sentence for the designer). Cached. */
export function compileDesignerPattern(source: string, options: DesignerPatternOptions): CompiledDesignerPattern {
  const key = `${options.caseInsensitive ? "i" : "-"}${source}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let compiled: CompiledDesignerPattern;
  try {
    const flags = options.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0;
    compiled = { ok: true, regex: RE2JS.compile(translateUnicodeEscapes(source), flags) };
  } catch (error) {
    compiled = { ok: false, message: describeSyntaxError(source, error) };
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
