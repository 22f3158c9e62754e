import { describe, expect, it } from "vitest";
import { type ValidateReformulationInput, validateReformulation } from "./validate-reformulation";

// The forbidden kinds of reformulation: each is detected, never accepted, and gives its abort code.

const check = (input: Omit<ValidateReformulationInput, "type" | "confidence"> & { confidence?: number }) =>
  validateReformulation({ type: "scope_narrowing", confidence: 0.95, ...input });
const codes = (v: ReturnType<typeof check>) => v.failed_criteria.map((c) => c.code);

describe("scope expansion (breadth increase) → DTL-STRAT-010", () => {
  it('"and X" adds an entity even when evidence mentions it', () => {
    const verdict = check({
      original: "Summarize Apple earnings",
      reformulated: "Summarize Apple and Google earnings",
      evidence: [{ id: "news", text: "Google also reported earnings this week" }],
    });
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-010", detected_type: "scope_expansion" });
    expect(codes(verdict)).toEqual(["DTL-STRAT-010"]);
    expect(verdict.findings).toEqual([expect.objectContaining({ kind: "conjunction_adds", tokens: ["google"] })]);
  });

  it("a wider time range (today → this month)", () => {
    const verdict = check({
      original: "What happened in crypto markets today?",
      reformulated: "What happened in crypto markets this month?",
      evidence: [{ id: "feed", text: "Monthly crypto market summaries are available" }],
    });
    expect(verdict.detected_type).toBe("scope_expansion");
    expect(codes(verdict)).toContain("DTL-STRAT-010");
    expect(verdict.findings.map((f) => f.kind)).toContain("wider_time");
  });

  it("a wider place (Paris → France)", () => {
    const verdict = check({
      original: "Find vegan restaurants in Paris",
      reformulated: "Find vegan restaurants in France",
      evidence: [{ id: "listing", text: "Vegan restaurants in France are listed" }],
    });
    expect(verdict.detected_type).toBe("scope_expansion");
    expect(verdict.findings).toContainEqual(expect.objectContaining({ kind: "wider_place", tokens: ["france"] }));
    expect(codes(verdict)).toContain("DTL-STRAT-010");
  });

  it("a looser limit (top 5 → top 10)", () => {
    const verdict = check({
      original: "List the top 5 markets by volume",
      reformulated: "List the top 10 markets by volume",
      evidence: [{ id: "data", text: "Data covers the top 10 markets by volume" }],
    });
    expect(verdict.detected_type).toBe("scope_expansion");
    expect(verdict.findings).toContainEqual(expect.objectContaining({ kind: "wider_limit", tokens: ["top 10"] }));
  });
});

describe("topic change (similarity < 0.95) → DTL-STRAT-008", () => {
  it("a different subject maps almost nothing of the original", () => {
    const verdict = check({
      original: "Summarize Apple earnings",
      reformulated: "Describe the Tesla product roadmap",
      evidence: [{ id: "press", text: "Tesla published its product roadmap" }],
    });
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-008", detected_type: "topic_change" });
    expect(verdict.intent_preservation).toBe(0);
  });
});

describe("assumption injection (no supporting evidence) → DTL-STRAT-009", () => {
  const base = { original: "Find restaurants near the office", reformulated: "Find vegan restaurants near the office" };

  it("a new constraint no evidence item mentions", () => {
    const verdict = check({ ...base, evidence: [{ id: "office", text: "The office is on Main Street" }] });
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-009", detected_type: "assumption_injection" });
    expect(codes(verdict)).toEqual(["DTL-STRAT-009"]);
    expect(verdict.failed_criteria[0]?.detail).toContain('"vegan"');
  });

  it("is a constraint addition once evidence grounds it", () => {
    const verdict = check({ ...base, evidence: [{ id: "profile.diet", text: "Customer profile: diet vegan" }] });
    expect(verdict).toMatchObject({ accepted: true, detected_type: "constraint_addition" });
  });

  it("no evidence at all fails even a pure clarification", () => {
    const verdict = check({ original: "latest news", reformulated: "news from past 24 hours", evidence: [] });
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-009" });
  });
});

describe("constraint removal (operator constraint missing) → DTL-STRAT-010", () => {
  it("a dropped limit is caught even when preservation stays at 0.95", () => {
    // 21 content tokens; dropping the number 5 keeps 20 of 21 (0.952).
    const phones =
      "battery life, screen brightness, camera quality, charging speed, storage options, weight, price, warranty, durability, speaker volume, design and colors";
    const verdict = check({
      original: `Compare ${phones} for 5 phones`,
      reformulated: `Compare ${phones} for phones`,
      evidence: [{ id: "catalog", text: "The catalog lists phones with all these specs" }],
    });
    expect(verdict.intent_preservation).toBeGreaterThanOrEqual(0.95);
    expect(verdict).toMatchObject({ accepted: false, code: "DTL-STRAT-010", detected_type: "constraint_removal" });
    expect(verdict.findings).toEqual([expect.objectContaining({ kind: "constraint_removed", tokens: ["5"] })]);
  });

  it("a dropped qualifier and bound (vegan, under $30)", () => {
    const verdict = check({
      original: "Find vegan restaurants under $30",
      reformulated: "Find restaurants",
      evidence: [{ id: "listing", text: "Restaurants near you" }],
    });
    expect(verdict.detected_type).toBe("constraint_removal");
    expect(verdict.findings.map((f) => f.tokens[0])).toEqual(["vegan", "under 30"]);
    expect(codes(verdict)).toEqual(["DTL-STRAT-008", "DTL-STRAT-010"]);
  });
});
