import { describe, expect, it } from "vitest";
import type { Span } from "@/lib/engine/contracts/turn-outcome";
import type { TurnView } from "@/lib/turns/turn-view";
import { readContinuityTelemetry, selectionLoopRan } from "./continuity-telemetry";

// The telemetry run-continuity.ts writes for "open the sample2 pls" after the orders were listed.
const RESOLVED = {
  enabled: true,
  reasons: ["deterministic_continuity_resolve"],
  blocked_reason: null,
  activeOptionSetId: "optset_1",
  activeScope: "chat",
  candidates: [
    { id: "sample1", label: "Order sample1", sublabel: "$20, delivered" },
    { id: "sample2", label: "Order sample2" },
  ],
  winner: { id: "sample2", label: "Order sample2" },
  non_winners: [{ id: "sample1", why: "label not in the message" }],
  loop_cycle_id: null,
  fingerprint_before: null,
  fingerprint_after: null,
  retry_attempt_index: 0,
  retry_budget_remaining: null,
  fallback_reason: null,
};

function span(attributes: Record<string, unknown>, decision: string): Span {
  return { name: "continuity", startOffsetMs: 0, durationMs: 0.2, status: "ok", decision, attributes };
}

function turn(parts: { spans?: Span[]; continuity?: Record<string, unknown> | null; outcome?: TurnView["outcome"] }) {
  return {
    outcome: parts.outcome ?? "answered",
    spans: parts.spans ?? [],
    provenance: { continuity: parts.continuity ?? null },
  };
}

describe("readContinuityTelemetry", () => {
  it("is null when continuity did not run for the turn", () => {
    expect(readContinuityTelemetry(turn({}))).toBeNull();
  });

  it("reads a deterministic resolve from the continuity span", () => {
    const t = readContinuityTelemetry(turn({ spans: [span(RESOLVED, "resolved: deterministic_continuity_resolve")] }));
    expect(t).toMatchObject({
      decision: "resolved",
      reasons: ["deterministic_continuity_resolve"],
      winner: { id: "sample2", label: "Order sample2" },
      activeOptionSetId: "optset_1",
      retryAttemptIndex: 0,
      retryBudgetRemaining: null,
    });
    expect(t?.candidates).toEqual([
      { id: "sample1", label: "Order sample1", sublabel: "$20, delivered" },
      { id: "sample2", label: "Order sample2", sublabel: null },
    ]);
    expect(t?.nonWinners.get("sample1")).toBe("label not in the message");
    expect(t && selectionLoopRan(t)).toBe(false);
  });

  it("falls back to provenance.continuity and infers the decision without a span", () => {
    const t = readContinuityTelemetry(
      turn({
        outcome: "clarified",
        continuity: {
          ...RESOLVED,
          reasons: ["llm_need_more_info", "continuity_enrichment_fingerprint_unchanged"],
          winner: null,
          loop_cycle_id: "cycle_1",
          fingerprint_before: "a".repeat(64),
          fingerprint_after: "a".repeat(64),
          retry_budget_remaining: 1,
          fallback_reason: "no_new_evidence",
        },
      }),
    );
    expect(t?.decision).toBe("clarify");
    expect(t?.fallbackReason).toBe("no_new_evidence");
    expect(t && selectionLoopRan(t)).toBe(true);
  });

  it("reads odd stored JSON without throwing", () => {
    const t = readContinuityTelemetry(
      turn({
        spans: [span({ reasons: "x", candidates: [null, { label: "no id" }, { id: "a" }], winner: "b" }, "skip")],
      }),
    );
    expect(t).toMatchObject({ decision: "skip", reasons: [], winner: null, candidates: [{ id: "a", label: "a" }] });
  });
});
