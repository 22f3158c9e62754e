import { describe, expect, it } from "vitest";
import { flattenAttributes, withoutTexts } from "./flatten-attributes";

describe("flattenAttributes", () => {
  it("turns a stage's attributes into OpenTelemetry attribute values", () => {
    const out = flattenAttributes(
      {
        action: "enter",
        score: 0.82,
        exit: { requested: false, why: null },
        matched: ["max-refund", "greet"],
        checks: [{ rule: "max-refund", result: "failed" }],
        mixed: [1, "a"],
        deep: { a: { b: { c: { d: { e: 1 } } } } },
        missing: undefined,
        infinite: Number.POSITIVE_INFINITY,
      },
      "focal.stage.attributes",
    );
    expect(out).toEqual({
      "focal.stage.attributes.action": "enter",
      "focal.stage.attributes.score": 0.82,
      "focal.stage.attributes.exit.requested": false,
      "focal.stage.attributes.matched": ["max-refund", "greet"],
      "focal.stage.attributes.checks": '[{"rule":"max-refund","result":"failed"}]',
      "focal.stage.attributes.mixed": '[1,"a"]',
      "focal.stage.attributes.deep.a.b.c": '{"d":{"e":1}}',
      "focal.stage.attributes.infinite": "Infinity",
    });
  });

  it("masks any string that holds customer text", () => {
    const message = "I'm in France and want a refund for order 123";
    const out = withoutTexts({ a: `said: ${message}`, b: "refund_request", c: ["ok", message], d: 3 }, [
      message,
      "reply text",
    ]);
    expect(out).toEqual({
      a: "[customer text omitted]",
      b: "refund_request",
      c: ["ok", "[customer text omitted]"],
      d: 3,
    });
  });
});
