import { describe, expect, it } from "vitest";
import { formatJsonError, lineAndColumn, parseJsonText } from "./json-text";

function failure(text: string) {
  const result = parseJsonText(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail`);
  return result;
}

describe("parseJsonText", () => {
  it.each([
    ["{}", {}],
    [
      ' { "items": [ {"id": "123", "amount": 75.5, "ok": true, "note": null} ] } ',
      { items: [{ id: "123", amount: 75.5, ok: true, note: null }] },
    ],
    ['"text"', "text"],
    ["-0.5e3", -500],
    ['["\\u00e9\\n\\"q\\""]', ['é\n"q"']],
  ])("parses %s", (text, value) => {
    expect(parseJsonText(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['{"a": 1,}', 8, "Trailing comma before }"],
    ["[1, 2,]", 6, "Trailing comma before ]"],
    ["{a: 1}", 1, "Expected a property name in double quotes"],
    ['{"a" 1}', 5, 'Expected ":" after the property name'],
    ['{"a": 1 "b": 2}', 8, 'Expected "," or "}"'],
    ["{'a': 1}", 1, "Expected a property name in double quotes"],
    ["['a']", 1, "Strings use double quotes"],
    ['{"a": tru}', 9, "Expected true"],
    ['{"a": True}', 6, "Expected a value"],
    ['{"a": 01}', 6, "Not a number"],
    ['{"a": 1.}', 6, "Not a number"],
    ['{"a": "x', 6, "never closed"],
    ['{"a": "line\nbreak"}', 11, "line break or control character"],
    ['{"a": "\\x"}', 7, "Unknown escape \\x"],
    ['{"a": 1} x', 9, "after the JSON value"],
    ["", 0, "Enter JSON"],
    ["   ", 3, "Enter JSON"],
    ['{"a": ', 6, "found the end of the text"],
  ])("reports %j at %i", (text, position, message) => {
    const result = failure(text);
    expect(result.position).toBe(position);
    expect(result.message).toContain(message);
  });

  it("gives 1-based line and column, as editors count", () => {
    const text = '{\n  "items": [\n    {"id": 1,}\n  ]\n}';
    const result = failure(text);
    expect({ line: result.line, column: result.column }).toEqual({ line: 3, column: 14 });
    expect(formatJsonError(result)).toBe("Line 3, column 14: Trailing comma before }: remove the last comma");
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });

  it("refuses nesting deeper than 200 levels instead of exhausting the stack", () => {
    expect(failure(`${"[".repeat(5000)}${"]".repeat(5000)}`).message).toContain("deeper than 200");
    expect(parseJsonText(`${"[".repeat(200)}${"]".repeat(200)}`).ok).toBe(true);
  });

  it("accepts exactly what JSON.parse accepts on a sample of edge cases", () => {
    for (const text of [
      "0",
      "-0",
      "1e5",
      "1E+5",
      '"\\/"',
      "[]",
      "[[]]",
      '{"":0}',
      "1 2",
      "+1",
      ".5",
      "NaN",
      "[1,,2]",
    ]) {
      let native = true;
      try {
        JSON.parse(text);
      } catch {
        native = false;
      }
      expect([text, parseJsonText(text).ok]).toEqual([text, native]);
    }
  });
});
