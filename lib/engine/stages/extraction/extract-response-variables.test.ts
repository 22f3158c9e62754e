import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { cpuMillis } from "@/test/support/cpu-time";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { extractResponseVariables } from "./extract-response-variables";
import { KNOWN_GAPS, REPLIES_THAT_MUST_BE_BLOCKED, REPLIES_THAT_MUST_PASS } from "./extraction-corpus";
import { extractMoney } from "./money";

const snapshot = snapshotFromBundle(demo);
const variables = snapshot.responseVariables;
const extract = (reply: string) => extractResponseVariables(reply, variables);

// A number variable read by patterns only, as the demo's refund_amount was before it became money:
// the pattern mechanics (forms, order, windows) are tested on it.
const PATTERN_REFUND: EngineResponseVariable = {
  name: "refund_amount",
  type: "number",
  description: "",
  patterns: [
    "\\$\\s?(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s+(?:refund|back)\\b",
    "\\brefund(?:ing|ed)?\\s+(?:of\\s+|you\\s+|for\\s+)?\\$\\s?(\\d[\\d,]*(?:\\.\\d{1,2})?)",
    "\\b(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s*(?:USD|dollars)\\s+(?:refund|back)\\b",
  ],
};
const patternVariables = [...variables.filter((v) => v.type === "boolean"), PATTERN_REFUND];
const extractByPattern = (reply: string) => extractResponseVariables(reply, patternVariables);

// The demo's lane-1 hard rules, without CEL: `!competitor_mentioned`, `!financial_advice_given` and
// `refund_amount <= 50`, where a reply breaks the last if any amount it states, or their total, is
// above 50, or an amount cannot be converted to dollars (unresolved money blocks by default).
function brokenBy({ values, unresolvedMoney }: ReturnType<typeof extract>): string[] {
  const broken: string[] = [];
  if (values.competitor_mentioned?.[0] === true) broken.push("competitor_mentioned");
  if (values.financial_advice_given?.[0] === true) broken.push("financial_advice_given");
  const amounts = [...(values.refund_amount ?? []), ...(values.refund_amount_total ?? [])];
  if (amounts.some((v) => typeof v === "number" && v > 50) || unresolvedMoney.refund_amount) {
    broken.push("refund_amount");
  }
  return broken;
}

describe("the demo corpus", () => {
  it("mirrors the demo's hard rules in the tiny evaluator above", () => {
    const expressions = snapshot.rules
      .filter((r) => r.isHardConstraint && r.enforcementExpression)
      .map((r) => r.enforcementExpression)
      .sort();
    expect(expressions).toEqual(["!competitor_mentioned", "!financial_advice_given", "refund_amount <= 50"]);
    expect(variables.map((v) => [v.name, v.type])).toEqual([
      ["competitor_mentioned", "phrases"],
      ["financial_advice_given", "boolean"],
      ["refund_amount", "money"],
    ]);
  });

  it("is big enough to mean something", () => {
    expect(REPLIES_THAT_MUST_BE_BLOCKED.length).toBeGreaterThanOrEqual(60);
    expect(REPLIES_THAT_MUST_PASS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(REPLIES_THAT_MUST_BE_BLOCKED.map((c) => [c.reason, c.reply, c.breaks] as const))(
    "blocks %s: %j",
    (_, reply, breaks) => {
      expect(brokenBy(extract(reply))).toContain(breaks);
    },
  );

  it.each(REPLIES_THAT_MUST_PASS.map((c) => [c.reason, c.reply] as const))("passes %s: %j", (_, reply) => {
    const result = extract(reply);
    expect(brokenBy(result)).toEqual([]);
    const { warnings } = result;
    expect(warnings).toEqual([]);
  });

  it.each(KNOWN_GAPS.map((c) => [c.reason, c.reply] as const))("leaves refund_amount unresolved for %s", (_, reply) => {
    expect(extract(reply).values).not.toHaveProperty("refund_amount");
    expect(extractMoney(reply)).toHaveLength(0);
  });
});

describe("extractResponseVariables", () => {
  it("always resolves booleans and leaves an unmatched number absent", () => {
    expect(extract("").values).toEqual({ competitor_mentioned: [false], financial_advice_given: [false] });
    expect(extract("Anything else I can help with?").values).toEqual({
      competitor_mentioned: [false],
      financial_advice_given: [false],
    });
  });

  it("keeps every distinct amount in the order the reply states them", () => {
    const { values } = extractByPattern("A $30 refund now, a $75 refund later, and another $30 refund after that.");
    expect(values.refund_amount).toEqual([30, 75]);
  });

  it("reads amounts found only in the canonical form after those in the raw text", () => {
    const { values, matches } = extractByPattern("A refund of 90 dollars and a $20 refund.");
    expect(values.refund_amount).toEqual([20, 90]);
    const forms = matches.filter((m) => m.variable === "refund_amount").map((m) => [m.form, m.value]);
    expect(forms).toEqual([
      ["raw", 20],
      ["canonical", 90],
      ["canonical", 20],
    ]);
  });

  it("parses decimal commas and thousands in captures", () => {
    expect(extractByPattern("A $75,00 refund.").values.refund_amount).toEqual([75]);
    expect(extractByPattern("A $1,200 refund.").values.refund_amount).toEqual([1200]);
    expect(extractByPattern("I'll process a $75, refund").values.refund_amount).toEqual([75]);
  });

  it("records evidence with the form, pattern and an excerpt", () => {
    const { matches } = extract("Hold for ETF news.");
    expect(matches).toEqual([
      {
        variable: "financial_advice_given",
        value: true,
        pattern: 2,
        excerpt: "Hold for ETF news.",
        form: "raw",
      },
      {
        variable: "financial_advice_given",
        value: true,
        pattern: 2,
        excerpt: "hold for etf news.",
        form: "normalized",
      },
      {
        variable: "financial_advice_given",
        value: true,
        pattern: 2,
        excerpt: "hold for etf news.",
        form: "canonical",
      },
    ]);
  });

  it("records which listed name matched a phrases variable, and the folded span", () => {
    const { matches } = extract("Sure — but Qu\u0456ck-\nCart also sells it, honestly.");
    expect(matches).toEqual([
      {
        variable: "competitor_mentioned",
        value: true,
        pattern: -1,
        excerpt: "Sure — but Quick-\nCart also sells it, honestly.",
        form: "folded",
        phrase: { name: "QuickCart", span: "quick-\ncart" },
      },
    ]);
  });

  it("skips a pattern that does not compile, says so, and still uses the others", () => {
    const vars: EngineResponseVariable[] = [
      { name: "promo", type: "boolean", description: "", patterns: ["(unclosed", "\\bpromo\\b"] },
    ];
    const result = extractResponseVariables("Use promo code SAVE.", vars);
    expect(result.values).toEqual({ promo: [true] });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /variable "promo" pattern 0 cannot run and was skipped: Not a valid regular expression/,
    );
  });

  it("reports a boolean with no usable pattern, which can only be false", () => {
    const vars: EngineResponseVariable[] = [{ name: "x", type: "boolean", description: "", patterns: ["[z-a]"] }];
    const result = extractResponseVariables("anything", vars);
    expect(result.values).toEqual({ x: [false] });
    expect(result.warnings).toContain('variable "x" has no usable pattern and is always false');
  });

  it("uses a pattern with an escaped punctuation character on the normalized form too", () => {
    const vars: EngineResponseVariable[] = [
      { name: "rival", type: "boolean", description: "", patterns: ["Quick\\-Cart"] },
    ];
    expect(extractResponseVariables("Try Qu\u0456ck-Cart.", vars).values).toEqual({ rival: [true] });
  });

  it("runs formerly catastrophic patterns over a 4,000-character run in linear time", () => {
    // On JavaScript's RegExp, (a+)+$ took 6 s at 25 characters and doubled per character.
    const reply = `${"a".repeat(4000)}!`;
    for (const pattern of ["(a+)+$", "(a|aa)+$", "(.*a){12}", "^(\\w+\\s?)+$"]) {
      const vars: EngineResponseVariable[] = [
        { name: "x", type: "boolean", description: "", patterns: [pattern] },
        { name: "y", type: "string", description: "", patterns: [`(${pattern})`] },
      ];
      let result: ReturnType<typeof extractResponseVariables> | undefined;
      expect(
        cpuMillis(() => (result = extractResponseVariables(reply, vars))),
        pattern,
      ).toBeLessThan(1000);
      expect(result?.warnings).toEqual([]);
    }
  });

  it("skips a lookbehind with the reason: the engine is linear-time", () => {
    const vars: EngineResponseVariable[] = [
      { name: "x", type: "boolean", description: "", patterns: ["(?<=refund of )\\$\\d+"] },
    ];
    const result = extractResponseVariables("A refund of $5.", vars);
    expect(result.values).toEqual({ x: [false] });
    expect(result.warnings[0]).toMatch(/pattern 0 cannot run and was skipped: lookbehind is not supported/);
  });

  it("compiles once per variables array and reports its warnings on every call", () => {
    const vars: EngineResponseVariable[] = [{ name: "x", type: "boolean", description: "", patterns: ["("] }];
    const first = extractResponseVariables("a", vars);
    const second = extractResponseVariables("b", vars);
    expect(second.warnings).toEqual(first.warnings);
    expect(second.warnings).toHaveLength(2);
  });

  it("takes strings from group 1 or the whole match, distinct ignoring case", () => {
    const vars: EngineResponseVariable[] = [
      { name: "channel", type: "string", description: "", patterns: ["\\bcall us on (\\w+)", "\\bWhatsApp\\b"] },
    ];
    const { values } = extractResponseVariables("Call us on Signal, or call us on signal, or WhatsApp.", vars);
    expect(values.channel).toEqual(["Signal", "WhatsApp"]);
  });

  it("reports a number capture that is not a number instead of inventing a value", () => {
    const vars: EngineResponseVariable[] = [{ name: "n", type: "number", description: "", patterns: ["order (\\w+)"] }];
    const result = extractResponseVariables("order ABC", vars);
    expect(result.values).not.toHaveProperty("n");
    expect(result.warnings[0]).toMatch(/captured "ABC", which is not a number/);
  });

  it("reads a number capture written in words", () => {
    const vars: EngineResponseVariable[] = [
      { name: "days", type: "number", description: "", patterns: ["within ([a-z-]+|\\d+) days"] },
    ];
    expect(extractResponseVariables("within fourteen days", vars).values.days).toEqual([14]);
  });
});

describe("long replies", () => {
  // Replies were once scanned in 8,000-character windows overlapping by 400; the edges stay probed.
  const EXTRACTION_WINDOW_CHARS = 8_000;
  const EXTRACTION_WINDOW_OVERLAP = 400;
  const filler = (n: number) => "All good here. ".repeat(Math.ceil(n / 15)).slice(0, n);

  it("checks text past the window for booleans and numbers", () => {
    const reply = `${filler(EXTRACTION_WINDOW_CHARS * 3)} Try QuickCart. A $80 refund is ready.`;
    const { values } = extract(reply);
    expect(values.competitor_mentioned).toEqual([true]);
    expect(values.refund_amount).toEqual([80]);
  });

  it("finds a match that straddles a window edge once, with its full value", () => {
    const edge = EXTRACTION_WINDOW_CHARS - EXTRACTION_WINDOW_OVERLAP;
    for (const at of [edge - 3, edge + EXTRACTION_WINDOW_OVERLAP / 2 - 2, EXTRACTION_WINDOW_CHARS - 3]) {
      const reply = `${filler(at)}$1,250 refund. ${filler(EXTRACTION_WINDOW_CHARS)}`;
      const { values, matches } = extractByPattern(reply);
      expect(values.refund_amount, `at ${at}`).toEqual([1250]);
      expect(matches.filter((m) => m.form === "raw")).toHaveLength(1);
    }
  });

  it("never takes a value cut off at a window's end", () => {
    const vars: EngineResponseVariable[] = [
      { name: "n", type: "number", description: "", patterns: ["\\$(\\d[\\d,]*)"] },
    ];
    const reply = `${filler(EXTRACTION_WINDOW_CHARS - 3)}$1,250 ${filler(EXTRACTION_WINDOW_CHARS)}`;
    expect(extractResponseVariables(reply, vars).values.n).toEqual([1250]);
  });

  it("does not take a word cut at a window start for a whole word", () => {
    const edge = EXTRACTION_WINDOW_CHARS - EXTRACTION_WINDOW_OVERLAP;
    // Lower case: "xxxQuickCart" is a camelCase join, which the joined form reads as the name.
    const reply = `${"x".repeat(edge - 3)}xxxquickcart ${filler(EXTRACTION_WINDOW_CHARS)}`;
    expect(extract(reply).values.competitor_mentioned).toEqual([false]);
  });

  it("never lets $ or \\z match at 8,000 characters when the reply goes on", () => {
    const vars: EngineResponseVariable[] = [
      { name: "dollar", type: "boolean", description: "", patterns: ["^a+$"] },
      { name: "zed", type: "boolean", description: "", patterns: ["^a+\\z"] },
    ];
    const values = extractResponseVariables(`${"a".repeat(9_000)}!`, vars).values;
    expect(values).toMatchObject({ dollar: [false], zed: [false] });
    expect(extractResponseVariables("a".repeat(9_000), vars).values).toMatchObject({ dollar: [true], zed: [true] });
  });

  it("stays fast on a very long reply", () => {
    const reply = `${filler(200_000)} $75 refund`;
    let amounts: unknown;
    expect(cpuMillis(() => (amounts = extract(reply).values.refund_amount))).toBeLessThan(5_000);
    expect(amounts).toEqual([75]);
  });
});
