import { describe, expect, it } from "vitest";
import { findDeepNesting, MAX_JSON_DEPTH } from "./json-nesting";

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("findDeepNesting", () => {
  it("passes 64 levels and names the field that goes deeper", () => {
    expect(findDeepNesting(`{"tags":${nested(MAX_JSON_DEPTH - 1)}}`)).toBeNull();
    expect(findDeepNesting(`{"a":1,"reflection":{"bias_tags":${nested(5_000)}}}`)).toEqual({
      path: "reflection.bias_tags[0][0][0][0][0][0]…",
      message: "nests objects and arrays more than 64 levels deep",
    });
  });

  it("counts array positions and ignores brackets inside strings", () => {
    expect(findDeepNesting(`["[[[[", {"k": "}}}"}, ${nested(70)}]`, 3)?.path).toBe("[2][0][0]");
    expect(findDeepNesting(`{"x\\"y": "[[[[[[[["}`, 2)).toBeNull();
  });

  it("scans a million levels without a stack", () => {
    expect(findDeepNesting("[".repeat(1_000_000))?.path).toMatch(/^\[0\]/);
  });
});
