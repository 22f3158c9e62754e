import { describe, expect, it } from "vitest";
import { findUnstorableText, summarizeUnstorableText, unstorableTextReason } from "./input-text-policy";

describe("unstorableTextReason", () => {
  it("accepts ordinary text, tab, line feed, carriage return and paired surrogates (emoji)", () => {
    for (const text of ["", "hello", "a\tb\nc\r\nd", "refund 😀 please", "日本語", "\u007f", "\uFFFD"]) {
      expect(unstorableTextReason(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("names NUL, each unpaired surrogate and the other C0 controls", () => {
    expect(unstorableTextReason("a\u0000b")).toBe("contains a NUL character (U+0000), which cannot be stored");
    expect(unstorableTextReason("x\uD800")).toMatch(/^contains an unpaired surrogate \(U\+D800\)/);
    expect(unstorableTextReason("\uDC00x")).toMatch(/^contains an unpaired surrogate \(U\+DC00\)/);
    // low before high: both unpaired; the first one found is named.
    expect(unstorableTextReason("\uDE00\uD83D")).toMatch(/^contains an unpaired surrogate \(U\+DE00\)/);
    expect(unstorableTextReason("\uD83D\uD83D\uDE00")).toMatch(/U\+D83D/);
    expect(unstorableTextReason("esc \u001b[31m")).toMatch(/control character U\+001B/);
    expect(unstorableTextReason("\u000b")).toMatch(/U\+000B/);
  });
});

describe("findUnstorableText", () => {
  it("walks objects and arrays and names each bad string by its JSON path", () => {
    const issues = findUnstorableText({
      message: "ok",
      evidence: [{ id: "e1" }, { id: "e\u00002" }],
      nested: { tags: ["fine", "\uD800"] },
    });
    expect(issues).toEqual([
      { path: "evidence[1].id", message: "contains a NUL character (U+0000), which cannot be stored" },
      { path: "nested.tags[1]", message: expect.stringMatching(/unpaired surrogate \(U\+D800\)/) },
    ]);
  });

  it("checks object keys and shows the bad key escaped", () => {
    const issues = findUnstorableText({ metadata: { "a\u0000b": 1 } });
    expect(issues).toEqual([{ path: "metadata.a\\u0000b", message: expect.stringMatching(/^the key contains a NUL/) }]);
  });

  it("a bare string is the root", () => {
    expect(findUnstorableText("\u0000")[0]?.path).toBe("(root)");
  });

  it("ignores numbers, booleans, null and clean input", () => {
    expect(findUnstorableText({ a: 1, b: true, c: null, d: [1.5, "x"] })).toEqual([]);
  });

  it("survives nesting deeper than any call stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const issues = findUnstorableText(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path.startsWith("[0][0]")).toBe(true);
  });

  it("stops after 20 issues and summarizes the first", () => {
    const issues = findUnstorableText(Array.from({ length: 100 }, () => "\u0000"));
    expect(issues).toHaveLength(20);
    expect(summarizeUnstorableText(issues)).toBe(
      "[0] contains a NUL character (U+0000), which cannot be stored (and 19 more).",
    );
  });
});
