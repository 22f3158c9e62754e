import { describe, expect, it } from "vitest";
import { validateReformulation } from "./validate-reformulation";

// The reference vectors of docs/goals.md: its three examples, verbatim, and one example per allowed kind.

const CRYPTO = {
  original: "What happened in crypto markets today?",
  reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
} as const;

describe("a valid, a widened and an assumed reformulation", () => {
  it("crypto markets → top 5 cryptocurrency markets in the past 24 hours is allowed", () => {
    const verdict = validateReformulation({ ...CRYPTO, evidence: [...CRYPTO.evidence] });
    expect(verdict).toMatchObject({ accepted: true, code: null, failed_criteria: [], intent_preservation: 1 });
    expect(verdict.detected_type).toBe("scope_narrowing");
    expect(verdict.mapping).toEqual([
      { original_token: "happened", candidate_token: "happened", via: "exact" },
      { original_token: "crypto", candidate_token: "cryptocurrency", via: "equivalence" },
      { original_token: "markets", candidate_token: "markets", via: "exact" },
      { original_token: "today", candidate_token: "past 24 hours", via: "equivalence" },
    ]);
    expect(verdict.criteria.map((c) => [c.criterion, c.passed])).toEqual([
      ["confidence", true],
      ["intent_preservation", true],
      ["evidence_support", true],
      ["scope_reduction", true],
      ["reversibility", true],
    ]);
  });

  it("Apple → Apple and Google at 0.88 is rejected with DTL-STRAT-007, scope expansion recorded", () => {
    const verdict = validateReformulation({
      original: "Summarize Apple earnings",
      reformulated: "Summarize Apple and Google earnings",
      type: "scope_narrowing",
      confidence: 0.88,
      evidence: [],
    });
    expect(verdict.accepted).toBe(false);
    expect(verdict.code).toBe("DTL-STRAT-007");
    expect(verdict.detected_type).toBe("scope_expansion");
    expect(verdict.failed_criteria.map((c) => c.code)).toEqual(["DTL-STRAT-007", "DTL-STRAT-009", "DTL-STRAT-010"]);
    expect(verdict.failed_criteria[0]).toMatchObject({ criterion: "confidence", value: 0.88, threshold: 0.9 });
    const scope = verdict.failed_criteria.find((c) => c.criterion === "scope_reduction");
    expect(scope).toMatchObject({ value: 1, threshold: 0 });
    expect(scope?.detail).toContain("google");
  });

  it("weather → New York next week at 0.95 without evidence is rejected with DTL-STRAT-009", () => {
    const verdict = validateReformulation({
      original: "What is the weather forecast?",
      reformulated: "Weather in New York for next week",
      type: "clarification",
      confidence: 0.95,
      evidence: [],
    });
    expect(verdict.accepted).toBe(false);
    expect(verdict.code).toBe("DTL-STRAT-009");
    expect(verdict.detected_type).toBe("assumption_injection");
    expect(verdict.intent_preservation).toBe(1);
    expect(verdict.failed_criteria[0]).toMatchObject({ criterion: "evidence_support", value: 0, threshold: 1 });
    expect(verdict.findings).toContainEqual(
      expect.objectContaining({ kind: "ungrounded_entity", tokens: ["new york"] }),
    );
  });

  it("the same weather candidate passes once evidence names New York", () => {
    const verdict = validateReformulation({
      original: "What is the weather forecast?",
      reformulated: "Weather in New York for next week",
      type: "constraint_addition",
      confidence: 0.95,
      evidence: [{ id: "profile.city", text: "Customer profile: city New York" }],
    });
    expect(verdict).toMatchObject({ accepted: true, code: null, detected_type: "constraint_addition" });
  });
});

describe("each allowed kind of reformulation is accepted", () => {
  const cases = [
    ["latest news", "news from past 24 hours", "The feed holds articles from the past 24 hours", "clarification"],
    [
      "all markets",
      "top 10 markets by volume",
      "Only the top 10 markets by trading volume report complete data",
      "scope_narrowing",
    ],
    ["earnings report", "Q4 2024 earnings", "The latest filing is the Q4 2024 earnings release", "constraint_addition"],
    ["summary", "bullet-point summary", "The operator asked for bullet points", "format_specification"],
  ] as const;
  it.each(cases)("%s → %s is accepted as %s", (original, reformulated, evidence, type) => {
    const verdict = validateReformulation({
      original,
      reformulated,
      type,
      confidence: 0.95,
      evidence: [{ id: "ev-1", text: evidence }],
    });
    expect(verdict.failed_criteria).toEqual([]);
    expect(verdict).toMatchObject({ accepted: true, code: null, detected_type: type });
  });
});

describe("thresholds are inclusive", () => {
  it("confidence exactly 0.9 is accepted; 0.8999 aborts with DTL-STRAT-007", () => {
    const at = validateReformulation({ ...CRYPTO, confidence: 0.9, evidence: [...CRYPTO.evidence] });
    expect(at).toMatchObject({ accepted: true, code: null });
    const below = validateReformulation({ ...CRYPTO, confidence: 0.8999, evidence: [...CRYPTO.evidence] });
    expect(below).toMatchObject({ accepted: false, code: "DTL-STRAT-007" });
    expect(below.failed_criteria).toHaveLength(1);
  });

  // 20 content tokens: keeping 19 is exactly 0.95; keeping 18 is 0.90.
  const ORIGINAL =
    "Compare battery life, screen brightness, camera quality, charging speed, storage options, weight, price, warranty, durability, speaker volume, design and colors for phones";
  const evidence = [{ id: "reviews", text: "Colour data is missing for most phones in the review set" }];

  it("intent preservation exactly 0.95 (19 of 20 tokens) is accepted", () => {
    const verdict = validateReformulation({
      original: ORIGINAL,
      reformulated:
        "Compare battery life, screen brightness, camera quality, charging speed, storage options, weight, price, warranty, durability, speaker volume and design for phones",
      type: "scope_narrowing",
      confidence: 0.95,
      evidence,
    });
    expect(verdict.mapping).toHaveLength(20);
    expect(verdict.intent_preservation).toBe(0.95);
    expect(verdict).toMatchObject({ accepted: true, code: null });
  });

  it("18 of 20 tokens (0.90) aborts with DTL-STRAT-008", () => {
    const verdict = validateReformulation({
      original: ORIGINAL,
      reformulated:
        "Compare battery life, screen brightness, camera quality, charging speed, storage options, weight, price, warranty, durability and speaker volume for phones",
      type: "scope_narrowing",
      confidence: 0.95,
      evidence,
    });
    expect(verdict.intent_preservation).toBe(0.9);
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-008", detected_type: "topic_change" });
    expect(verdict.mapping.filter((m) => m.via === "none").map((m) => m.original_token)).toEqual(["design", "colors"]);
  });
});
