import { describe, expect, it } from "vitest";
import { screenModelPairs } from "./model-pairs";
import { validateReformulation } from "./validate-reformulation";

const pair = (original_token: string, candidate_token: string) => ({ original_token, candidate_token });
const EVIDENCE = [{ id: "var:market_note", text: "Market availability data shows only top 5 have reliable feeds" }];

describe("screenModelPairs: a model may restate plain words only", () => {
  it("keeps a synonym the equivalence table lacks, and the verdict maps it via model", () => {
    const candidate = "What happened in top 5 digital asset markets in the past 24 hours?";
    const screened = screenModelPairs(candidate, [pair("crypto", "digital asset")]);
    expect(screened).toEqual({ accepted: [pair("crypto", "digital asset")], dropped: [] });

    const input = {
      original: "What happened in crypto markets today?",
      reformulated: candidate,
      type: "scope_narrowing" as const,
      confidence: 0.92,
      evidence: EVIDENCE,
    };
    expect(validateReformulation(input)).toMatchObject({ accepted: false, code: "DTL-STRAT-008" });
    const judged = validateReformulation({ ...input, modelPairs: screened.accepted });
    expect(judged).toMatchObject({ accepted: true, intent_preservation: 1 });
    expect(judged.mapping).toContainEqual({ original_token: "crypto", candidate_token: "digital asset", via: "model" });
  });

  it("drops a pair that would hide a new name from the evidence and scope checks (Apple → Google)", () => {
    const screened = screenModelPairs("Summarize Google earnings", [pair("apple", "google")]);
    expect(screened.accepted).toEqual([]);
    expect(screened.dropped[0]?.reason).toMatch(/the name "Google"/);
    // Without the pair the topic change is what the validator sees.
    const verdict = validateReformulation({
      original: "Summarize Apple earnings",
      reformulated: "Summarize Google earnings",
      type: "clarification",
      confidence: 0.95,
      evidence: [],
      modelPairs: screened.accepted,
    });
    expect(verdict.accepted).toBe(false);
    expect(verdict.failed_criteria.map((c) => c.criterion)).toContain("intent_preservation");
  });

  it.each([
    [
      "a wider time range",
      pair("today", "this year"),
      "What happened in crypto markets this year?",
      /time word "today"/,
    ],
    ["a dropped limit", pair("under", "around"), "vegan restaurants around $30", /limit "under"/],
    ["a changed number", pair("5", "10"), "top 10 markets", /number "5"/],
    ["a new place, however written", pair("town", "paris"), "weather in paris", /place "paris"/],
    ["a qualifier", pair("only", "mostly"), "mostly vegan food", /limit "only"/],
  ])("drops %s", (_, given, candidate, reason) => {
    const screened = screenModelPairs(candidate, [given]);
    expect(screened.accepted).toEqual([]);
    expect(screened.dropped[0]?.reason).toMatch(reason);
  });

  it("drops empty, function-word-only and over-long sides, and pairs beyond 20", () => {
    const screened = screenModelPairs("the news", [
      pair("", "news"),
      pair("the", "news"),
      pair("news", "very long winded current affairs reporting"),
    ]);
    expect(screened.dropped.map((d) => d.reason)).toEqual([
      "each side needs a content word",
      "each side needs a content word",
      "each side is at most 3 words",
    ]);
    const many = Array.from({ length: 22 }, () => pair("news", "reports"));
    const bounded = screenModelPairs("the reports", many);
    expect(bounded.accepted).toHaveLength(20);
    expect(bounded.dropped.map((d) => d.reason)).toEqual(["more than 20 pairs", "more than 20 pairs"]);
  });
});
