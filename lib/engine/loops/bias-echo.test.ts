import { describe, expect, it } from "vitest";
import { detectBiasRepetition, withoutLoopTags } from "./bias-echo";

const tags = (...names: string[]) => names.map((tag) => ({ tag }));

describe("detectBiasRepetition (bias echo)", () => {
  it("adds this loop's tags first, so a tag seen for the 3rd time trips threshold 3", () => {
    const { result, history } = detectBiasRepetition({
      biasTags: tags("confirmation_bias"),
      history: { confirmation_bias: 2 },
      threshold: 3,
    });
    expect(history).toEqual({ confirmation_bias: 3 });
    expect(result).toEqual({
      bias_repetition: true,
      repeated_tags: ["confirmation_bias"],
      repetition_counts: { confirmation_bias: 3 },
      threshold: 3,
      bias_echo: true,
      trigger: "pessimist",
      action: "halt_loop",
    });
  });

  it("does not trip on the 2nd occurrence", () => {
    const { result } = detectBiasRepetition({ biasTags: tags("anchoring"), history: { anchoring: 1 }, threshold: 3 });
    expect(result).toMatchObject({
      bias_repetition: false,
      repeated_tags: [],
      repetition_counts: { anchoring: 2 },
      bias_echo: false,
      trigger: null,
      action: null,
    });
  });

  it("counts a tag once per loop and leaves the caller's history untouched", () => {
    const before = { anchoring: 1 };
    const { result, history } = detectBiasRepetition({
      biasTags: [{ tag: "anchoring", evidence: "a" }, { tag: "anchoring" }, { tag: "recency" }],
      history: before,
      threshold: 3,
    });
    expect(history).toEqual({ anchoring: 2, recency: 1 });
    expect(result.repetition_counts).toEqual({ anchoring: 2, recency: 1 });
    expect(before).toEqual({ anchoring: 1 });
  });

  it("reports only the tags at or over the threshold", () => {
    const { result } = detectBiasRepetition({
      biasTags: tags("a", "b"),
      history: { a: 4, b: 0 },
      threshold: 3,
    });
    expect(result.repeated_tags).toEqual(["a"]);
    expect(result.repetition_counts).toEqual({ a: 5, b: 1 });
  });
});

describe("withoutLoopTags", () => {
  it("takes one loop's earlier contribution back out, dropping zero counts", () => {
    expect(withoutLoopTags({ a: 2, b: 1 }, tags("a", "b", "b"))).toEqual({ a: 1 });
    expect(withoutLoopTags({}, tags("a"))).toEqual({});
  });
});
