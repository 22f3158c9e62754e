import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import { compileDesignerPattern } from "./compile-designer-pattern";

const ci = { caseInsensitive: true };

function problem(source: string): string {
  const compiled = compileDesignerPattern(source, ci);
  if (compiled.ok) throw new Error(`expected ${source} to be refused`);
  return compiled.message;
}

describe("compileDesignerPattern", () => {
  it("matches case-insensitively when asked, and by code point", () => {
    const compiled = compileDesignerPattern("quickcart", ci);
    expect(compiled.ok && compiled.regex.test("Try QUICKCART")).toBe(true);
    const exact = compileDesignerPattern("quickcart", { caseInsensitive: false });
    expect(exact.ok && exact.regex.test("Try QUICKCART")).toBe(false);
    // One astral character is one "." (JavaScript's RegExp without u saw two code units).
    const dot = compileDesignerPattern("^.$", ci);
    expect(dot.ok && dot.regex.test("\u{1D41A}")).toBe(true);
  });

  it("reads JavaScript's \\u escapes", () => {
    const compiled = compileDesignerPattern("caf\\u00e9|\\u{1F600}", ci);
    expect(compiled.ok && compiled.regex.test("CAFÉ")).toBe(true);
    expect(compiled.ok && compiled.regex.test("😀")).toBe(true);
    const literal = compileDesignerPattern("\\\\u00e9", ci);
    expect(literal.ok && literal.regex.test("\\u00e9")).toBe(true);
  });

  it("names lookarounds and backreferences, with the reason", () => {
    expect(problem("(?<=\\$)\\d+")).toMatch(/^lookbehind is not supported: patterns run on a linear-time engine; /);
    expect(problem("(?<!not )a refund")).toMatch(/^lookbehind is not supported/);
    expect(problem("\\d+(?= dollars)")).toMatch(/^lookahead is not supported/);
    expect(problem("QuickCart(?!\\.com)")).toMatch(/^lookahead is not supported/);
    expect(problem("(a)\\1")).toMatch(/^backreferences \(\\1, \\k<name>\) are not supported/);
    expect(problem("(?<x>a)\\k<x>")).toMatch(/^backreferences/);
  });

  it("does not mistake escaped or bracketed look-alikes for lookarounds", () => {
    expect(compileDesignerPattern("\\(?=", ci).ok).toBe(true);
    expect(compileDesignerPattern("[(?=]+", ci).ok).toBe(true);
    expect(problem("[(?=](unclosed")).toMatch(
      /^Not a valid regular expression: missing closing \): `\[\(\?=\]\(unclosed`/,
    );
  });

  it("runs formerly catastrophic patterns on a 4,000-character run in linear time", () => {
    const text = `${"a".repeat(4000)}!`;
    for (const source of ["(a+)+$", "(a|aa)+$", "(.*a){12}", "^(a+)+b", "(\\w+\\s?)+$"]) {
      const compiled = compileDesignerPattern(source, ci);
      if (!compiled.ok) throw new Error(compiled.message);
      // JavaScript's RegExp took 6 s on 25 characters for (a+)+$; this is milliseconds.
      const spent = cpuMillis(() => {
        compiled.regex.test(text);
        [...compiled.regex.matchAll(text)];
      });
      expect(spent, source).toBeLessThan(1000);
    }
  });
});
